import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { initialTransition, transition } from 'xstate';
import { traversalEvents, type PathModel } from './model';

/*
 * A test plan from a statechart: one path per state to reach and one per transition to cover,
 * each step in plain words with what the page must show after it. Transitions are the machine's
 * own (a source state, an event, a target): events that change nothing (targetless or
 * self-transitions) make no path of their own. The same plan prints for manual testing
 * (`npm run paths -- <machine> [--format md]`), becomes a Playwright spec (`--format playwright`)
 * and drives test/e2e/model.
 */

/** What the page must show: each kind is one Playwright expectation (test/e2e/model/runner.ts). */
export type PageCheck =
  | { kind: 'url'; path: string }
  | { kind: 'heading'; name: string }
  | { kind: 'text'; text: string }
  | { kind: 'alert'; text: string }
  | { kind: 'region'; name: string }
  | { kind: 'link'; name: string }
  | { kind: 'button'; name: string; state: 'enabled' | 'disabled' | 'busy' }
  | { kind: 'tab'; name: string; state: 'selected' | 'disabled' }
  | { kind: 'noTabs' }
  | { kind: 'dialog'; name: string }
  | { kind: 'noDialog' }
  /** A download started since the last check that asked. */
  | { kind: 'download' }
  /** What the server holds for the applicant (GET /api/profile): what staff and the next page load see. */
  | { kind: 'saved'; what: 'webStatus' | 'lastPage'; value: string | null };

/** A call the page makes, by method and path (after /). */
export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** How the server answers a call in a step: as it would, with a status and body, or not at all (the network fails). */
export type Reply = 'real' | 'network' | { status: number; body?: unknown };

/** A file to choose in a file input, made by the runner: a one-page PDF saying `pdf`, or `text` as it is. */
export interface UploadFile {
  name: string;
  mimeType: string;
  content: { pdf: string } | { text: string };
}

/** What a step does on the page. `setup` steps run through the API before the page opens. */
export type PageAction =
  | { kind: 'setup'; task: 'account' | 'completeApplication' | 'clock' }
  /** A call made through the API before the page opens (e.g. a choice saved beforehand). */
  | { kind: 'setup'; task: 'request'; call: Call; body?: unknown }
  /** A status moved forward through the API (`submitted`: a complete application submitted); the last page the server holds. */
  | { kind: 'setup'; task: 'started' | 'validating' | 'submitted' }
  | { kind: 'setup'; task: 'lastPage'; path: string }
  /** The browser's Back and Forward buttons. */
  | { kind: 'history'; go: 'back' | 'forward' }
  | { kind: 'goto'; path: string }
  | { kind: 'click'; role: 'button' | 'link' | 'tab'; name: string }
  | { kind: 'fill'; label: string; value: string }
  /** Choose a file in the file input whose label contains `label`. */
  | { kind: 'upload'; label: string; file: UploadFile }
  | { kind: 'wait'; ms: number }
  /** Wait until the page shows this before the next action (a move between pages). */
  | { kind: 'await'; check: PageCheck }
  | { kind: 'server'; call: Call; reply: Reply };

export interface StepPlan {
  words: string;
  actions: readonly PageAction[];
}

export interface Expectation {
  /** The state in words, for the plan. */
  words: string;
  checks: readonly PageCheck[];
  /** A state that waits for this call: a path ending here holds the call unanswered. */
  waitsFor?: Call;
}

/** A page-driving machine's plan: its model (events the page can cause), steps in words, what each state shows. */
export interface PagePlan {
  model: PathModel;
  /** The page the applicant opens after the setup steps. */
  start: string;
  step: (event: AnyEventObject, before: AnyMachineSnapshot) => StepPlan;
  expect: (snapshot: AnyMachineSnapshot, arrivedBy: AnyEventObject | undefined) => Expectation;
  /** What of the machine this page cannot drive, and where it is tested instead: printed with the coverage. */
  notDriven?: string;
  /**
   * Setup done before the page opens, for a machine created only once it is done (the inactivity
   * actor runs once an applicant is logged in; a tabs actor is created for who is using the app):
   * no event of the machine stands for it. A function gives each path its own setup, from its input
   * and the events it replays (an application filled in or left empty); undefined: none.
   */
  before?: StepPlan | ((input: unknown, events: readonly AnyEventObject[]) => StepPlan | undefined);
}

interface PlanStep {
  event: AnyEventObject;
  plan: StepPlan;
  expect: Expectation;
  /** The state value after the step, in words of the machine (`failed`, `{"active":"idle"}`). */
  state: string;
}

export interface PlanPath {
  /** "State failed" or "Transition idle → savingAnswers on submit". */
  title: string;
  input: unknown;
  initial: Expectation;
  initialState: string;
  steps: PlanStep[];
}

export interface Plan {
  name: string;
  start: string;
  states: PlanPath[];
  transitions: PlanPath[];
  coverage: { states: number; statesTotal: number; transitions: number; transitionsTotal: number; uncovered: string[] };
  notDriven?: string;
}

interface Node {
  snapshot: AnyMachineSnapshot;
  input: unknown;
  /** The node it was reached from, with the event. */
  parent?: { node: Node; event: AnyEventObject };
  depth: number;
}

const valueText = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));

/**
 * A state left as soon as it is entered: its last eventless transition has no guard (the `start`
 * state that picks the first state from the input). Nothing can be seen there, so it is not one to reach.
 */
const passedThrough = (node: AnyStateNode) => {
  const last = node.always?.at(-1);
  return last !== undefined && !last.guard;
};

/** The machine's atomic (and final) states a page can rest in: what there is to reach. */
function leafStates(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return passedThrough(node) ? [] : [node];
  return children.flatMap(leafStates);
}

const transitionKey = (source: AnyStateNode, eventType: string, targets: readonly AnyStateNode[]) =>
  `${source.path.join('.') || '(root)'} --${eventType}--> ${targets.map((target) => target.path.join('.')).join(', ')}`;

/** The machine's transitions that go somewhere: a target other than their own state. */
function definedTransitions(machine: AnyStateMachine): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        const targets = (definition.target ?? []) as AnyStateNode[];
        if (targets.length === 0 || (targets.length === 1 && targets[0] === node && !definition.reenter)) continue;
        if (eventType.startsWith('xstate.done.state.') || eventType === '') continue;
        const key = transitionKey(node, eventType, targets);
        found.set(key, key);
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root as AnyStateNode);
  return found;
}

/** Breadth first over the model: every distinct snapshot with its shortest way in, and every step taken. */
function explore(model: PathModel) {
  const serialize = (snapshot: AnyMachineSnapshot) =>
    model.serializeState
      ? model.serializeState(snapshot, undefined, undefined)
      : JSON.stringify({ value: snapshot.value as unknown, context: snapshot.context as unknown });
  const nextEvents = traversalEvents(model);
  const nodes = new Map<string, Node>();
  const edges: { from: Node; event: AnyEventObject; to: AnyMachineSnapshot }[] = [];
  const queue: Node[] = [];
  for (const input of model.inputs ?? [undefined]) {
    const [snapshot] = initialTransition(model.machine, input);
    const node: Node = { snapshot: snapshot as AnyMachineSnapshot, input, depth: 0 };
    const key = `${JSON.stringify(input)}|${serialize(node.snapshot)}`;
    if (!nodes.has(key)) {
      nodes.set(key, node);
      queue.push(node);
    }
  }
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node.snapshot.status !== 'active') continue;
    for (const event of nextEvents(node.snapshot) as AnyEventObject[]) {
      const [next] = transition(model.machine, node.snapshot, event);
      const snapshot = next as AnyMachineSnapshot;
      edges.push({ from: node, event, to: snapshot });
      const key = `${JSON.stringify(node.input)}|${serialize(snapshot)}`;
      if (!nodes.has(key)) {
        const reached: Node = { snapshot, input: node.input, parent: { node, event }, depth: node.depth + 1 };
        nodes.set(key, reached);
        queue.push(reached);
      }
    }
  }
  return { nodes: [...nodes.values()], edges };
}

function eventsTo(node: Node): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (let current: Node | undefined = node; current?.parent; current = current.parent.node) events.unshift(current.parent.event);
  return events;
}

/** Replays the events with the page plan's words and expectations. */
function planPath(plan: PagePlan, title: string, input: unknown, events: readonly AnyEventObject[]): PlanPath {
  let [snapshot] = initialTransition(plan.model.machine, input) as [AnyMachineSnapshot, unknown];
  const initial = plan.expect(snapshot, undefined);
  const initialState = valueText(snapshot);
  const setup = typeof plan.before === 'function' ? plan.before(input, events) : plan.before;
  const before: PlanStep[] = setup ? [{ event: { type: 'plan.before' }, plan: setup, expect: initial, state: initialState }] : [];
  const steps = events.map((event) => {
    const step = plan.step(event, snapshot);
    [snapshot] = transition(plan.model.machine, snapshot, event) as [AnyMachineSnapshot, unknown];
    return { event, plan: step, expect: plan.expect(snapshot, event), state: valueText(snapshot) };
  });
  return { title, input, initial, initialState, steps: [...before, ...steps] };
}

/** `on.active --xstate.after.untilWarning.inactivity.on.active--> on.warning` as `on.active —after untilWarning→ on.warning`. */
function transitionTitle(key: string): string {
  const [source, rest = ''] = key.split(' --');
  const [eventType = '', target] = rest.split('--> ');
  const readable = eventType
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1')
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 fails');
  return `${source} —${readable}→ ${target}`;
}

/** The plan: per state its shortest path, per defined transition the shortest path that ends with it. */
export function buildPlan(plan: PagePlan): Plan {
  const { machine } = plan.model;
  const { nodes, edges } = explore(plan.model);

  const leaves = leafStates(machine.root as AnyStateNode);
  const stateFirst = new Map<string, Node>();
  for (const node of nodes) {
    for (const active of node.snapshot._nodes as AnyStateNode[]) {
      if (!leaves.includes(active)) continue;
      const id = active.path.join('.');
      const known = stateFirst.get(id);
      if (!known || node.depth < known.depth) stateFirst.set(id, node);
    }
  }

  const defined = definedTransitions(machine);
  const transitionFirst = new Map<string, { from: Node; event: AnyEventObject }>();
  for (const edge of edges) {
    const taken = machine.getTransitionData(edge.from.snapshot as never, edge.event) as {
      source: AnyStateNode;
      target?: readonly AnyStateNode[];
      eventType: string;
    }[];
    for (const definition of taken) {
      const key = transitionKey(definition.source, definition.eventType, definition.target ?? []);
      if (!defined.has(key)) continue;
      const known = transitionFirst.get(key);
      if (!known || edge.from.depth < known.from.depth) transitionFirst.set(key, { from: edge.from, event: edge.event });
    }
  }

  const states = [...stateFirst.entries()]
    .sort(([, a], [, b]) => a.depth - b.depth)
    .map(([id, node]) => planPath(plan, `Reach the state "${id}"`, node.input, eventsTo(node)));
  const transitions = [...transitionFirst.entries()]
    .sort(([, a], [, b]) => a.from.depth - b.from.depth)
    .map(([key, { from, event }]) => planPath(plan, `Cover ${transitionTitle(key)}`, from.input, [...eventsTo(from), event]));
  return {
    name: plan.model.name,
    start: plan.start,
    states,
    transitions,
    coverage: {
      states: stateFirst.size,
      statesTotal: leaves.length,
      transitions: transitionFirst.size,
      transitionsTotal: defined.size,
      uncovered: [...defined.keys()].filter((key) => !transitionFirst.has(key)),
    },
    ...(plan.notDriven ? { notDriven: plan.notDriven } : {}),
  };
}

/**
 * The paths to run: those whose every checked state another path checks too. A path that another
 * one starts with is dropped only where that one checks the page at the same point (the page is
 * checked once the setup is done and after each action has settled, not between).
 */
export function pathsToRun(plan: Plan): PlanPath[] {
  const all = [...plan.transitions, ...plan.states];
  const keyOf = (path: PlanPath) => [JSON.stringify(path.input), ...path.steps.map((step) => JSON.stringify(step.event))];
  const keys = all.map(keyOf);
  const checkedAfter = all.map((path) => {
    const points = new Set<number>();
    let count = 0;
    for (const group of stepGroups(path)) {
      count += group.kind === 'open' ? group.setup.length + group.arrive.length : group.steps.length;
      points.add(count);
    }
    return points;
  });
  return all.filter((_, index) => {
    const own = keys[index]!;
    return !keys.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        (other.length > own.length || otherIndex < index) &&
        own.every((part, position) => other[position] === part) &&
        checkedAfter[otherIndex]!.has(own.length - 1),
    );
  });
}

// --- Words --------------------------------------------------------------------------------------

function checkWords(check: PageCheck): string {
  switch (check.kind) {
    case 'url':
      return `the address ends with ${check.path}`;
    case 'heading':
      return `the heading "${check.name}"`;
    case 'text':
      return `the text "${check.text}"`;
    case 'alert':
      return `an alert saying "${check.text}"`;
    case 'region':
      return `the section "${check.name}"`;
    case 'link':
      return `a link "${check.name}"`;
    case 'button':
      return `the button "${check.name}" ${check.state === 'busy' ? 'busy (spinner, not pressable)' : check.state}`;
    case 'tab':
      return `the tab "${check.name}" ${check.state}`;
    case 'noTabs':
      return 'no tabs';
    case 'dialog':
      return `the dialog "${check.name}"`;
    case 'noDialog':
      return 'no dialog';
    case 'download':
      return 'a download starts';
    case 'saved':
      return `the server holds ${check.what === 'webStatus' ? 'the status' : 'the last page'} ${check.value ?? 'none'}`;
  }
}

const expectationWords = (expectation: Expectation) => `${expectation.words}: ${expectation.checks.map(checkWords).join('; ')}`;

function pathLines(path: PlanPath, start: string, bullet: (index: number) => string): string[] {
  const setup = (stepGroups(path)[0] as Extract<StepGroup, { kind: 'open' }>).setup;
  const lines: string[] = [];
  let index = 0;
  for (const step of setup) lines.push(`${bullet(++index)}${step.plan.words}`);
  lines.push(`${bullet(++index)}Open ${start}`);
  const first = setup.at(-1)?.expect ?? path.initial;
  lines.push(`     expect ${expectationWords(first)}`);
  for (const step of path.steps.slice(setup.length)) {
    lines.push(`${bullet(++index)}${step.plan.words}`);
    lines.push(`     expect ${expectationWords(step.expect)} [${step.state}]`);
  }
  return lines;
}

export function coverageLine(plan: Plan): string {
  const { coverage } = plan;
  return `Coverage: ${coverage.states} of ${coverage.statesTotal} states reached, ${coverage.transitions} of ${coverage.transitionsTotal} transitions covered.`;
}

/** The transition path (1-based) that walks a state's path on its way, if any: the plan need not repeat it. */
function walkedBy(plan: Plan, path: PlanPath): number | undefined {
  const key = (candidate: PlanPath) => [JSON.stringify(candidate.input), ...candidate.steps.map((step) => JSON.stringify(step.event))];
  const own = key(path);
  const index = plan.transitions.findIndex((transition) => {
    const other = key(transition);
    return other.length >= own.length && own.every((part, position) => other[position] === part);
  });
  return index === -1 ? undefined : index + 1;
}

export function formatText(plan: Plan): string {
  const out: string[] = [
    `Test plan for "${plan.name}" (${plan.states.length} states to reach, ${plan.transitions.length} transitions to cover)`,
    '',
  ];
  const section = (title: string, paths: PlanPath[], states = false) => {
    out.push(title, '');
    paths.forEach((path, index) => {
      const walked = states ? walkedBy(plan, path) : undefined;
      if (walked !== undefined) out.push(`${index + 1}. ${path.title}: on the way of transition ${walked}`);
      else out.push(`${index + 1}. ${path.title}`, ...pathLines(path, plan.start, (step) => `  ${step}. `), '');
    });
    if (states) out.push('');
  };
  section('States to reach', plan.states, true);
  section('Transitions to cover', plan.transitions);
  out.push(coverageLine(plan));
  if (plan.coverage.uncovered.length > 0) out.push(`Not covered by this plan: ${plan.coverage.uncovered.join('; ')}`);
  if (plan.notDriven) out.push(`Not driven from this page: ${plan.notDriven}`);
  return `${out.join('\n')}\n`;
}

export function formatMarkdown(plan: Plan): string {
  const out: string[] = [`# Test plan: ${plan.name}`, '', coverageLine(plan), ''];
  if (plan.notDriven) out.push(`Not driven from this page: ${plan.notDriven}`, '');
  const section = (title: string, paths: PlanPath[]) => {
    out.push(`## ${title}`, '');
    paths.forEach((path, index) => {
      const walked = title === 'States to reach' ? walkedBy(plan, path) : undefined;
      if (walked !== undefined) {
        out.push(`- [ ] ${index + 1}. ${path.title}: on the way of transition ${walked}`, '');
        return;
      }
      out.push(`### ${index + 1}. ${path.title}`, '');
      out.push(
        ...pathLines(path, plan.start, () => '- [ ] ').map((line) => (line.startsWith('     expect') ? `  - [ ] ${line.trim()}` : line)),
      );
      out.push('');
    });
  };
  section('States to reach', plan.states);
  section('Transitions to cover', plan.transitions);
  if (plan.coverage.uncovered.length > 0) out.push('## Not covered', '', ...plan.coverage.uncovered.map((key) => `- ${key}`), '');
  return `${out.join('\n')}\n`;
}

// --- Playwright ---------------------------------------------------------------------------------

const literal = (value: unknown) => JSON.stringify(value);

/** A runnable spec: one test per path to run, each step a call of test/e2e/model/runner.ts. */
export function formatPlaywright(plan: Plan, runnerImport: string): string {
  const out: string[] = [
    `// Generated by \`npm run paths -- ${plan.name} --format playwright\`: do not edit, generate again.`,
    `// ${coverageLine(plan)}`,
    ...(plan.notDriven ? [`// Not driven from this page: ${plan.notDriven}`] : []),
    // The runner brings Playwright's test along, so that the spec runs from any folder.
    `import { ModelPage, test } from ${literal(runnerImport)};`,
    '',
    `test.describe(${literal(`Model-based: ${plan.name}`)}, () => {`,
  ];
  for (const path of pathsToRun(plan)) {
    out.push(`  test(${literal(path.title)}, async ({ page }) => {`, '    const app = new ModelPage(page);');
    for (const group of stepGroups(path)) {
      if (group.kind === 'open') {
        for (const step of group.setup)
          out.push(`    // ${step.plan.words}`, ...step.plan.actions.map((action) => `    await app.do(${literal(action)});`));
        if (group.hold) out.push(`    await app.hold(${literal(group.hold)});`);
        for (const step of group.arrive)
          out.push(`    // ${step.plan.words}`, ...step.plan.actions.map((action) => `    await app.do(${literal(action)});`));
        if (group.holdNext) out.push(`    await app.hold(${literal(group.holdNext)});`);
        out.push(`    await app.open(${literal(plan.start)});`, `    await app.expect(${literal(group.expect)});`);
        continue;
      }
      out.push(`    // ${group.steps.map((step) => step.plan.words).join('; ')}`);
      const { before, arrange, last } = groupActions(group);
      for (const action of before) out.push(`    await app.do(${literal(action)});`);
      if (group.hold) out.push(`    await app.hold(${literal(group.hold)});`);
      for (const action of arrange) out.push(`    await app.do(${literal(action)});`);
      if (group.holdNext) out.push(`    await app.hold(${literal(group.holdNext)});`);
      if (last) out.push(`    await app.do(${literal(last)});`);
      out.push(`    await app.expect(${literal(group.expect)});`);
    }
    out.push('  });', '');
  }
  out.push('});', '');
  return out.join('\n');
}

/**
 * A group's actions in the order they run: the page actions before the last one (moving to the
 * page), then the server's answers arranged, then the action that causes the calls. Answers a step
 * lists before its first page action are for a call that action causes: they are arranged first.
 */
export function groupActions(group: Extract<StepGroup, { kind: 'act' }>) {
  const first = group.steps[0]?.plan.actions ?? [];
  const leading = first.findIndex((action) => action.kind !== 'server');
  const early = leading > 0 ? first.slice(0, leading) : [];
  const actions = group.steps.flatMap((step) => step.plan.actions).slice(early.length);
  const onPage = actions.filter((action) => action.kind !== 'server');
  return {
    before: [...early, ...onPage.slice(0, -1)],
    arrange: actions.filter((action) => action.kind === 'server'),
    last: onPage.at(-1),
  };
}

/**
 * `hold`: the call this group's action causes stays unanswered. `holdNext`: the next call after the
 * ones this group arranges stays unanswered (the last group only waits for a timer that makes it).
 */
export type StepGroup =
  | { kind: 'open'; setup: PlanStep[]; arrive: PlanStep[]; expect: Expectation; hold?: Call; holdNext?: Call }
  | { kind: 'act'; steps: PlanStep[]; expect: Expectation; hold?: Call; holdNext?: Call };

/**
 * The path as the page lives it: the setup steps and the opening of the page, then each action
 * with the server's answers that follow it (arranged before the action), checked once they settle.
 * A path that ends while a call runs holds that call unanswered.
 */
export function stepGroups(path: PlanPath): StepGroup[] {
  const isSetup = (step: PlanStep) => step.plan.actions.length > 0 && step.plan.actions.every((action) => action.kind === 'setup');
  const isServer = (step: PlanStep) => step.plan.actions.every((action) => action.kind === 'server');
  let index = 0;
  const setup: PlanStep[] = [];
  while (index < path.steps.length && isSetup(path.steps[index]!)) setup.push(path.steps[index++]!);
  // The server's answers to the page's first calls (arranged before it opens).
  const arrive: PlanStep[] = [];
  while (index < path.steps.length && isServer(path.steps[index]!) && path.steps[index]!.plan.actions.length > 0)
    arrive.push(path.steps[index++]!);
  const last = arrive.at(-1) ?? setup.at(-1);
  const groups: StepGroup[] = [
    {
      kind: 'open',
      setup,
      arrive,
      expect: last?.expect ?? path.initial,
      hold: index === path.steps.length ? last?.expect.waitsFor : undefined,
    },
  ];
  while (index < path.steps.length) {
    const steps = [path.steps[index++]!];
    while (index < path.steps.length && isServer(path.steps[index]!)) steps.push(path.steps[index++]!);
    const last = steps.at(-1)!;
    groups.push({ kind: 'act', steps, expect: last.expect, hold: index === path.steps.length ? last.expect.waitsFor : undefined });
  }
  return holdBeforeTimer(groups);
}

const stepsOf = (group: StepGroup) => (group.kind === 'open' ? [...group.setup, ...group.arrive] : group.steps);
const arranges = (group: StepGroup, call: Call) =>
  stepsOf(group).some((step) =>
    step.plan.actions.some((action) => action.kind === 'server' && action.call.method === call.method && action.call.path === call.path),
  );

/**
 * A path whose last step only waits for a timer (another try after a failure) holds that timer's
 * call from the group before: the page's clock also moves by itself, and on a busy machine the
 * timer fired while the test still checked the failure, reaching the server unheld.
 */
function holdBeforeTimer(groups: StepGroup[]): StepGroup[] {
  const last = groups.at(-1);
  const previous = groups.at(-2);
  if (last?.kind !== 'act' || !last.hold || !previous) return groups;
  const onlyWaits = last.steps.every((step) => step.plan.actions.every((action) => action.kind === 'wait'));
  if (!onlyWaits || !arranges(previous, last.hold)) return groups;
  return [...groups.slice(0, -2), { ...previous, holdNext: last.hold }, { ...last, hold: undefined }];
}
