/**
 * `npm run paths -- <machine> [--format text|md|playwright] [--out <file>]`: the machine's test
 * plan, one path per state to reach and one per transition to cover, each step in plain words
 * with what the page must show after it, and a coverage line. `--format md` is a checklist for
 * manual testing; `--format playwright` a runnable spec (machines that drive pages), written to
 * --out or printed. Machines without a page plan print their graph walks as machine events
 * (`--raw`, or `--simple` for every loop-free walk).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { completeApplication } from '../fixtures/completeApplication';
import { addAnotherModel } from './models/addAnother';
import { answersModel } from './models/answers';
import { appModel } from './models/app';
import { authCardModel, authCardPagePlan } from './models/authCard';
import { documentModel, documentPagePlan, staffDocumentModel } from './models/document';
import { inactivityModel, inactivityPagePlan } from './models/inactivity';
import { lookupModel } from './models/lookup';
import { describePath, shortestPaths, simplePaths, withoutPrefixPaths, type PathModel } from './model';
import { buildPlan, formatMarkdown, formatPlaywright, formatText, type PagePlan } from './plan';
import { navigationModel, navigationPagePlan } from './models/navigation';
import { pdfCopyModel, pdfCopyPagePlan, pdfCopySimpleModel } from './models/pdfCopy';
import { sessionModel, sessionSimpleModel } from './models/session';
import { submitModel, submitPagePlan, submitSimpleModel } from './models/submit';
import { tabsModel, tabsPagePlan } from './models/tabs';
import { clearGuardModel } from './models/clearGuard';
import { confirmTriggerModel } from './models/confirmTrigger';
import { overlaysModel } from './models/overlays';
import { pasteLimitModel } from './models/pasteLimit';
import { toastsModel } from './models/toasts';
import { unexpectedErrorModel } from './models/unexpectedError';
import { validationModel } from './models/validation';
import { webStatusModel, webStatusPagePlan, webStatusSimpleModel } from './models/webStatus';

/**
 * Per machine, its model for shortest paths and, where loop-free walks stay few enough to read,
 * for simple paths (their number grows with every event a state accepts).
 */
const MODELS: Record<string, { shortest: PathModel; simple?: PathModel }> = {
  app: { shortest: appModel },
  session: { shortest: sessionModel, simple: sessionSimpleModel },
  navigation: { shortest: navigationModel },
  webStatus: { shortest: webStatusModel, simple: webStatusSimpleModel },
  // The submit sequence needs an application without errors to walk its success (the tests' fixture).
  submit: { shortest: submitModel(completeApplication), simple: submitSimpleModel(completeApplication) },
  answers: { shortest: answersModel },
  validation: { shortest: validationModel },
  toasts: { shortest: toastsModel },
  authCard: { shortest: authCardModel },
  inactivity: { shortest: inactivityModel, simple: inactivityModel },
  lookup: { shortest: lookupModel, simple: lookupModel },
  addAnother: { shortest: addAnotherModel, simple: addAnotherModel },
  document: { shortest: documentModel },
  staffDocument: { shortest: staffDocumentModel, simple: staffDocumentModel },
  tabs: { shortest: tabsModel },
  pdfCopy: { shortest: pdfCopyModel, simple: pdfCopySimpleModel },
  unexpectedError: { shortest: unexpectedErrorModel, simple: unexpectedErrorModel },
  overlays: { shortest: overlaysModel, simple: overlaysModel },
  confirmTrigger: { shortest: confirmTriggerModel, simple: confirmTriggerModel },
  clearGuard: { shortest: clearGuardModel, simple: clearGuardModel },
  pasteLimit: { shortest: pasteLimitModel, simple: pasteLimitModel },
};

/** The machines that drive pages, with what each state shows: their plans run in the browser. */
const PAGE_PLANS: Record<string, () => PagePlan> = {
  submit: () => submitPagePlan(completeApplication),
  authCard: authCardPagePlan,
  inactivity: inactivityPagePlan,
  tabs: tabsPagePlan,
  navigation: navigationPagePlan,
  webStatus: webStatusPagePlan,
  document: documentPagePlan,
  pdfCopy: pdfCopyPagePlan,
};

const RUNNER = resolve(import.meta.dirname, '../e2e/model/runner.ts');
const USAGE = `Usage: npm run paths -- <machine> [--format text|md|playwright] [--out <file>] [--raw | --simple]
Machines with a page plan: ${Object.keys(PAGE_PLANS).join(', ')}
Every machine (--raw): ${Object.keys(MODELS).join(', ')}`;

function option(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
}

function rawPaths(entry: { shortest: PathModel; simple?: PathModel }, name: string, simple: boolean): string | undefined {
  if (simple && !entry.simple) {
    console.error(`"${name}" has too many simple paths to read; its shortest paths cover every state.`);
    return undefined;
  }
  const model = simple ? entry.simple! : entry.shortest;
  // A path that another one starts with is walked by that one: QA gets the complete walks only.
  const paths = withoutPrefixPaths(simple ? simplePaths(model) : shortestPaths(model));
  const lines = [`${simple ? 'Simple' : 'Shortest'} paths of "${model.name}" (machine events): ${paths.length}`, ''];
  paths.forEach((path, index) => {
    lines.push(`Path ${index + 1}`, ...describePath(path, model.machine).map((line) => `  ${line}`), '');
  });
  return lines.join('\n');
}

function main(argv: readonly string[]): number {
  const values = new Set([option(argv, '--format'), option(argv, '--out')]);
  const name = argv.find((arg) => !arg.startsWith('--') && !values.has(arg));
  const format = option(argv, '--format') ?? 'text';
  const out = option(argv, '--out');
  const entry = name === undefined ? undefined : MODELS[name];
  const pagePlan = name === undefined ? undefined : PAGE_PLANS[name];
  if (!entry || !['text', 'md', 'playwright'].includes(format)) {
    console.error(USAGE);
    return 1;
  }
  let text: string | undefined;
  if (argv.includes('--raw') || argv.includes('--simple') || !pagePlan) {
    if (format !== 'text') {
      console.error(`"${name}" has no page plan yet: only its machine events print (--raw).\n${USAGE}`);
      return 1;
    }
    text = rawPaths(entry, name!, argv.includes('--simple'));
  } else {
    const plan = buildPlan(pagePlan());
    if (format === 'playwright') {
      const from = out ? dirname(resolve(out)) : process.cwd();
      const runner = relative(from, RUNNER).replace(/\\/g, '/').replace(/\.ts$/, '');
      text = formatPlaywright(plan, runner.startsWith('.') ? runner : `./${runner}`);
    } else text = format === 'md' ? formatMarkdown(plan) : formatText(plan);
  }
  if (text === undefined) return 1;
  if (out) {
    mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(out, text);
    console.error(`Wrote ${out}`);
  } else process.stdout.write(text);
  return 0;
}

// `| head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
process.exitCode = main(process.argv.slice(2));
