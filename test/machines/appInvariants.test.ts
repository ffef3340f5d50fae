import { expect } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { appMachine } from '../../machines/appMachine';
import { appModel } from '../qa/models/app';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { offlineApplication } from './helpers/formActors';
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
    // The path's output is the module's own logic; the test gives it with its calls on the gate,
    // both when its code arrives and when the root hands it over to start the session's application.
    const application = offlineApplication(gate);
    const handle = (event: EventObject) => {
      const loaded = ['loadApplication', 'startApplication'].find((id) => event.type === `xstate.done.actor.${id}`);
      if (!loaded) return false;
      gate.resolve(loaded, application);
      return true;
    };
    return { subject, machine, gate, handle, errors, stop: () => subject.stop() };
  },
  [
    {
      name: 'the application and the auth card are each loaded at most once at a time and never again once there',
      check: (step) => {
        // (The hand-over of the loaded code, startApplication, restarts when the session changes meanwhile.)
        for (const id of ['loadApplication', 'loadAuthCard']) {
          expect(step.started.filter((started) => started === id).length).toBeLessThanOrEqual(1);
        }
      },
    },
  ],
);
