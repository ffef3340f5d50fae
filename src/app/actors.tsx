import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, ActorRefFrom, AnyActorRef } from 'xstate';
import type { PublicCollegeConfig } from '../college/schema';
import type { addAnotherMachine } from '../../machines/addAnotherMachine';
import type { answersMachine } from '../../machines/answersMachine';
import type { appMachine } from '../../machines/appMachine';
import type { applicationMachine } from '../../machines/applicationMachine';
import { connectApp } from '../../machines/appView';
import type { authCardMachine } from '../../machines/authCardMachine';
import type { clearGuardMachine } from '../../machines/clearGuardMachine';
import type { documentMachine } from '../../machines/documentMachine';
import type { staffDocumentMachine } from '../../machines/staffDocumentMachine';
import type { lookupMachine } from '../../machines/lookupMachine';
import type { navigationMachine } from '../../machines/navigationMachine';
import type { overlaysMachine } from '../../machines/overlaysMachine';
import type { decisionLetterMachine } from '../../machines/decisionLetterMachine';
import type { pdfCopyMachine } from '../../machines/pdfCopyMachine';
import type { sessionMachine } from '../../machines/sessionMachine';
import { connectSession } from '../../machines/sessionView';
import type { submitMachine } from '../../machines/submitMachine';
import { SYSTEM_IDS, documentSystemId } from '../../machines/systemIds';
import type { tabsMachine } from '../../machines/tabsMachine';
import type { toastsMachine } from '../../machines/toastsMachine';
import type { unexpectedErrorMachine } from '../../machines/unexpectedErrorMachine';
import type { validationMachine } from '../../machines/validationMachine';
import { currentView, useViewValue } from './viewApi';

// The view API hooks are the views' one way to read an actor; they live in ./viewApi, which the console shares.
export { currentView, NO_ACTOR, useView, useViewValue } from './viewApi';

export type AppActor = Actor<typeof appMachine>;

/**
 * Every long-lived actor a view reads, by the system id the root spawns it under: the one place
 * their types are written (types only, so no machine's code joins the chunk of a view that uses
 * them). The hooks below read this map; a view cannot pick another type for an id.
 */
interface SystemActors {
  [SYSTEM_IDS.session]: ActorRefFrom<typeof sessionMachine>;
  [SYSTEM_IDS.navigation]: ActorRefFrom<typeof navigationMachine>;
  [SYSTEM_IDS.toasts]: ActorRefFrom<typeof toastsMachine>;
  [SYSTEM_IDS.unexpectedError]: ActorRefFrom<typeof unexpectedErrorMachine>;
  [SYSTEM_IDS.overlays]: ActorRefFrom<typeof overlaysMachine>;
  [SYSTEM_IDS.authCard]: ActorRefFrom<typeof authCardMachine>;
  [SYSTEM_IDS.application]: ActorRefFrom<typeof applicationMachine>;
  [SYSTEM_IDS.answers]: ActorRefFrom<typeof answersMachine>;
  [SYSTEM_IDS.validation]: ActorRefFrom<typeof validationMachine>;
  [SYSTEM_IDS.submit]: ActorRefFrom<typeof submitMachine>;
  [SYSTEM_IDS.addAnother]: ActorRefFrom<typeof addAnotherMachine>;
  [SYSTEM_IDS.clearGuard]: ActorRefFrom<typeof clearGuardMachine>;
  [SYSTEM_IDS.pdfCopy]: ActorRefFrom<typeof pdfCopyMachine>;
  [SYSTEM_IDS.decisionLetter]: ActorRefFrom<typeof decisionLetterMachine>;
  [SYSTEM_IDS.tabs]: ActorRefFrom<typeof tabsMachine>;
  [SYSTEM_IDS.lookup]: ActorRefFrom<typeof lookupMachine>;
}

export type DocumentActor = ActorRefFrom<typeof documentMachine>;
export type StaffDocumentActor = ActorRefFrom<typeof staffDocumentMachine>;

const AppActorContext = createContext<AppActor | null>(null);

/**
 * The root the question views live under: its actor system holds the application's actors (by
 * their system ids) and its context the college's settings. The applicants' root, or the
 * console's, which spawns one application to read.
 */
export interface FormHost {
  readonly system: AnyActorRef['system'];
  getSnapshot(): { context: { college: PublicCollegeConfig | null } };
  subscribe: AnyActorRef['subscribe'];
}

const FormHostContext = createContext<FormHost | null>(null);

/**
 * The root actor is created once in main.tsx, before React renders (never during render), and
 * handed down here. Views read snapshots through each machine's view API and send events; they
 * hold no behaviour of their own.
 */
export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return (
    <AppActorContext.Provider value={actor}>
      <FormHostContext.Provider value={actor}>{children}</FormHostContext.Provider>
    </AppActorContext.Provider>
  );
}

/** The console's root, for the question views of the one application it shows. */
export function FormHostProvider({ host, children }: { host: FormHost; children: ReactNode }) {
  return <FormHostContext.Provider value={host}>{children}</FormHostContext.Provider>;
}

export function useFormHost(): FormHost {
  const host = useContext(FormHostContext);
  if (!host) throw new Error('useFormHost must be used inside <AppActorProvider> or <FormHostProvider>.');
  return host;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used inside <AppActorProvider>.');
  return actor;
}

/**
 * A child that may not exist yet: the form actors load with the form area, and its frame renders
 * without waiting for them. Whoever renders the view re-renders it when they arrive (the app view's
 * `formReady`), and this then finds them.
 */
function useOptionalSystemActor<K extends keyof SystemActors>(systemId: K): SystemActors[K] | undefined {
  // The root's system knows its actors by id only: this map is the one place their types are said.
  return useFormHost().system.get(systemId) as SystemActors[K] | undefined;
}

/**
 * A child by its system id. The core children exist from the start; a view of the form or auth
 * actors renders only once the app view says they exist (`formReady`, `authReady`), and they then
 * live as long as the page.
 */
function useSystemActor<K extends keyof SystemActors>(systemId: K): SystemActors[K] {
  const actor = useOptionalSystemActor(systemId);
  if (!actor) throw new Error(`No actor with system id "${systemId}".`);
  return actor;
}

export const useSession = () => useSystemActor(SYSTEM_IDS.session);
export const useNavigation = () => useSystemActor(SYSTEM_IDS.navigation);
export const useToasts = () => useSystemActor(SYSTEM_IDS.toasts);
/** The inactivity actor while an applicant's session is open (the session actor runs it); undefined otherwise. */
export const useInactivity = () => useViewValue(useSession(), connectSession, (view) => view.inactivity);
export const useUnexpectedError = () => useSystemActor(SYSTEM_IDS.unexpectedError);
export const useOverlays = () => useSystemActor(SYSTEM_IDS.overlays);
export const useAuthCard = () => useSystemActor(SYSTEM_IDS.authCard);
export const useAnswers = () => useSystemActor(SYSTEM_IDS.answers);
/** The answers actor, or undefined while the form actors still load (the frame shows before them). */
export const useOptionalAnswers = () => useOptionalSystemActor(SYSTEM_IDS.answers);
/** The validation actor, or undefined while the form actors still load (its view: src/layout/useValidationValue.ts). */
export const useOptionalValidation = () => useOptionalSystemActor(SYSTEM_IDS.validation);
/** The submit actor, or undefined until the page actors have loaded (a first visit to /about). */
export const useOptionalSubmit = () => useOptionalSystemActor(SYSTEM_IDS.submit);
export const useAddAnother = () => useSystemActor(SYSTEM_IDS.addAnother);
export const useClearGuard = () => useSystemActor(SYSTEM_IDS.clearGuard);
export const usePdfCopy = () => useSystemActor(SYSTEM_IDS.pdfCopy);
export const useDecisionLetter = () => useSystemActor(SYSTEM_IDS.decisionLetter);
export const useTabs = () => useSystemActor(SYSTEM_IDS.tabs);
export const useLookup = () => useSystemActor(SYSTEM_IDS.lookup);

/**
 * The document actor of one of an applicant's document answers; undefined in a visitor's
 * application, which has none (a document needs an account).
 */
export function useOptionalDocument(answerKey: string): DocumentActor | undefined {
  // The application spawns it under this id with this machine for an applicant (applicationMachine.ts).
  return useFormHost().system.get(documentSystemId(answerKey)) as DocumentActor | undefined;
}

/** The staff document actor of one document answer, in the application of a staff link. */
export function useStaffDocument(answerKey: string): StaffDocumentActor {
  // The application spawns it under this id with this machine for staff (applicationMachine.ts).
  const actor = useFormHost().system.get(documentSystemId(answerKey)) as StaffDocumentActor | undefined;
  if (!actor) throw new Error(`No document actor for "${answerKey}".`);
  return actor;
}

/**
 * Whether the session's application is there for the page, with its form actors; whether its code
 * could not be fetched; and the retry the page offers then. The application is spawned and stopped
 * with the session: the root's `formReady` re-renders the caller when it comes or goes.
 */
export function useFormReadiness(): { ready: boolean; failed: boolean; retry: () => void } {
  const app = useAppActor();
  const ready = useViewValue(app, connectApp, (view) => view.formReady);
  const failed = useViewValue(app, connectApp, (view) => view.formFailed);
  return { ready, failed, retry: () => currentView(app, connectApp).retryFormArea() };
}
