import { expect } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { appMachine } from '../../machines/appMachine';
import { appModel } from '../qa/models/app';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { offlineFormActors } from './helpers/formActors';
import { invariantSuite } from './helpers/invariants';
import { createGate, offline } from './helpers/system';

/*
 * Kept apart from appMachine.test.ts: generating the root machine's paths takes most of a run, and
 * the mutation testing of the root's group reruns its fast tests once per mutant.
 */

// The root's own invariants (never failing, never loading a module twice at once) over the paths.
invariantSuite(
  appModel,
  (path) => {
    const gate = createGate();
    const machine = offline(appMachine, gate);
    const subject = createActor(machine, { input: path.input as never, systemId: SYSTEM_IDS.app });
    const errors: unknown[] = [];
    subject.subscribe({ error: (error) => errors.push(error) });
    subject.start();
    // The path's output is the module's own logic; the test gives it with its calls on the gate.
    const handle = (event: EventObject) => {
      if (event.type !== 'xstate.done.actor.loadFormActors') return false;
      gate.resolve('loadFormActors', offlineFormActors(gate));
      return true;
    };
    return { subject, machine, gate, handle, errors, stop: () => subject.stop() };
  },
  [
    {
      name: 'the form actors and the auth card are each loaded at most once at a time and never again once there',
      check: (step) => {
        for (const id of ['loadFormActors', 'loadAuthCard']) {
          expect(step.started.filter((started) => started === id).length).toBeLessThanOrEqual(1);
        }
      },
    },
  ],
);
