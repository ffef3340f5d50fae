import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { answersNow } from './answersView';
import type { answersMachine } from './answersMachine';
import type { tabsMachine } from './tabsMachine';

type TabsSnapshot = SnapshotFrom<typeof tabsMachine>;
type TabsSend = ActorRefFrom<typeof tabsMachine>['send'];
type AnswersActor = ActorRefFrom<typeof answersMachine>;

/** What a tab group (which tab, the switch, its dialogs) needs from the tabs actor. */
export function connectTabs(snapshot: TabsSnapshot, send: TabsSend) {
  return {
    /** The tab chosen in a group, its default until one is chosen. */
    chosen: (tabId: string, defaultTab: string): string => snapshot.context.chosen[tabId] ?? defaultTab,
    /** A logged-in applicant may switch; others see the chosen tab's content only. */
    switchable: snapshot.context.role === 'applicant',
    /** A visitor without an account (another tab's document question needs one). */
    visitor: snapshot.context.role === 'visitor',
    /** A switch is being saved: the other tabs wait. */
    busy: snapshot.hasTag('busy'),
    /** A switch was asked while an upload runs: the dialog says it must finish first. */
    blocked: snapshot.matches('blocked'),
    /** The switch could not be saved: the view offers to try again. */
    failed: snapshot.matches('failed'),
    /** The switch would clear answers: the dialog names them and waits. */
    confirming: snapshot.matches('confirming'),
    /** The answer keys the switch would clear. */
    losing: snapshot.context.losing,
    /** The tab the applicant asked for, while the switch waits. */
    pendingTab: snapshot.context.pending?.tab ?? null,
    /** A switch, with the answers as they are at the click (a text area commits its draft as focus leaves it). */
    choose: (tabId: string, tab: string, answers: AnswersActor) => send({ type: 'tabs.choose', tabId, tab, answers: answersNow(answers) }),
    retry: () => send({ type: 'tabs.reset' }),
    closeDialog: () => send({ type: 'tabs.closeDialog' }),
    confirm: () => send({ type: 'tabs.confirm' }),
    cancel: () => send({ type: 'tabs.cancel' }),
  };
}
