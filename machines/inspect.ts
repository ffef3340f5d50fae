import { createActor } from 'xstate';
import { browserInspection } from './inspection';
import { appMachine, type AppInput } from './appMachine';
import { SYSTEM_IDS } from './systemIds';

/**
 * The root actor of the page, created once (not during render) and connected to the inspector
 * when asked. The caller starts it.
 */
export async function createAppActor(input: AppInput) {
  const inspect = await browserInspection(input.search);
  return createActor(appMachine, { input, systemId: SYSTEM_IDS.app, ...(inspect ? { inspect } : {}) });
}
