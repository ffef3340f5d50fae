/**
 * `npm run paths -- <machine> [--simple]`: the paths generated from a machine (xstate/graph), as
 * numbered steps QA can follow by hand. Nothing here talks to a server: invoked calls and timers
 * appear as steps ("the call … succeeds", "wait for …").
 */
import { completeApplication } from '../../test/fixtures/completeApplication';
import { addAnotherModel } from './addAnother';
import { answersModel } from './answers';
import { appModel } from './app';
import { authCardModel } from './authCard';
import { documentModel } from './document';
import { inactivityModel } from './inactivity';
import { lookupModel } from './lookup';
import { describePath, shortestPaths, simplePaths, withoutPrefixPaths, type PathModel } from './model';
import { navigationModel } from './navigation';
import { pdfCopyModel, pdfCopySimpleModel } from './pdfCopy';
import { sessionModel } from './session';
import { submitModel, submitSimpleModel } from './submit';
import { tabsModel } from './tabs';
import { clearGuardModel } from './clearGuard';
import { confirmTriggerModel } from './confirmTrigger';
import { overlaysModel } from './overlays';
import { pasteLimitModel } from './pasteLimit';
import { toastsModel } from './toasts';
import { unexpectedErrorModel } from './unexpectedError';
import { validationModel } from './validation';
import { webStatusModel, webStatusSimpleModel } from './webStatus';

/**
 * Per machine, its model for shortest paths and, where loop-free walks stay few enough to read,
 * for simple paths (their number grows with every event a state accepts).
 */
const MODELS: Record<string, { shortest: PathModel; simple?: PathModel }> = {
  app: { shortest: appModel },
  session: { shortest: sessionModel, simple: sessionModel },
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
  tabs: { shortest: tabsModel },
  pdfCopy: { shortest: pdfCopyModel, simple: pdfCopySimpleModel },
  unexpectedError: { shortest: unexpectedErrorModel, simple: unexpectedErrorModel },
  overlays: { shortest: overlaysModel, simple: overlaysModel },
  confirmTrigger: { shortest: confirmTriggerModel, simple: confirmTriggerModel },
  clearGuard: { shortest: clearGuardModel, simple: clearGuardModel },
  pasteLimit: { shortest: pasteLimitModel, simple: pasteLimitModel },
};

function main(argv: readonly string[]): number {
  const simple = argv.includes('--simple');
  const name = argv.find((arg) => !arg.startsWith('--'));
  const entry = name === undefined ? undefined : MODELS[name];
  if (!entry) {
    console.error(`Usage: npm run paths -- <machine> [--simple]\nMachines: ${Object.keys(MODELS).join(', ')}`);
    return 1;
  }
  if (simple && !entry.simple) {
    console.error(`"${name}" has too many simple paths to read; its shortest paths cover every state.`);
    return 1;
  }
  const model = simple ? entry.simple! : entry.shortest;
  // A path that another one starts with is walked by that one: QA gets the complete walks only.
  const paths = withoutPrefixPaths(simple ? simplePaths(model) : shortestPaths(model));
  console.log(`${simple ? 'Simple' : 'Shortest'} paths of "${model.name}": ${paths.length}\n`);
  paths.forEach((path, index) => {
    console.log(`Path ${index + 1}`);
    for (const line of describePath(path, model.machine)) console.log(`  ${line}`);
    console.log('');
  });
  return 0;
}

// `| head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
process.exitCode = main(process.argv.slice(2));
