import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import type { consoleMachine } from '../../machines/consoleMachine';
import type { FormHost } from '../app/actors';

export type ConsoleActor = Actor<typeof consoleMachine>;

const ConsoleActorContext = createContext<ConsoleActor | null>(null);

/** The console's root actor, created once in main.tsx before React renders, and handed down here. */
export function ConsoleActorProvider({ actor, children }: { actor: ConsoleActor; children: ReactNode }) {
  return <ConsoleActorContext.Provider value={actor}>{children}</ConsoleActorContext.Provider>;
}

function useConsoleActor(): ConsoleActor {
  const actor = useContext(ConsoleActorContext);
  if (!actor) throw new Error('useConsoleActor must be used inside <ConsoleActorProvider>.');
  return actor;
}

/** The staff member's session (the root's child from its start). */
export function useConsoleSession() {
  const session = useSelector(useConsoleActor(), (snapshot) => snapshot.children.consoleSession);
  if (!session) throw new Error('The console has no session actor.');
  return session;
}

/** The invitation being accepted, when the console was opened on an invitation link. */
export const useConsoleInvitation = () => useSelector(useConsoleActor(), (snapshot) => snapshot.children.consoleInvitation);

/** The shown application's page actor, while an application's page is shown (the session's child). */
export const useConsoleApplication = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleApplication);

/** The shown application's reviews, notes and decision, while an application's page is shown (the session's child). */
export const useConsoleEvaluation = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleEvaluation);

/** The college's application title, once the console loaded the college's settings. */
export const useApplicationTitle = () =>
  useSelector(useConsoleActor(), (snapshot) => snapshot.context.college?.applicationTitle ?? 'Application for Admission');

/** The college's settings, once the console loaded them (the root owns them); null until then. */
export const useConsoleCollege = () => useSelector(useConsoleActor(), (snapshot) => snapshot.context.college);

/**
 * The console's root as the host of the question views an application's page prints: its actor
 * system holds the shown application's actors, its context the college's settings.
 */
export const useConsoleHost = (): FormHost => useConsoleActor();

/** The list of applications, while a staff member is signed in (the session's child). */
export const useConsoleList = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleList);

/** The dashboard, while a staff member is signed in (the session's child). */
export const useConsoleDashboard = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleDashboard);

/** The access log's page actor, while a staff member is signed in (the session's child). */
export const useConsoleAccessLog = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleAccessLog);

/** The staff accounts' page actor, while a staff member is signed in (the session's child). */
export const useConsoleAccounts = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleAccounts);

/** The export dialog's actor, while a staff member is signed in (the session's child). */
export const useConsoleExport = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleExport);

/** The decision releases' page actor, while a staff member is signed in (the session's child). */
export const useConsoleReleases = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleReleases);

/** The review queue's page actor, while a staff member is signed in (the session's child). */
export const useConsoleQueue = () => useSelector(useConsoleSession(), (snapshot) => snapshot.children.consoleQueue);
