import { Tabs } from '@ark-ui/react/tabs';
import { useEffect, useRef } from 'react';
import { ANNOUNCEMENTS } from '../catalogue/announcements';
import { LOSS_MESSAGES, answerLabel } from '../catalogue/answerMessages';
import type { Question, TabGroup } from '../catalogue/questions';
import { TABS_MESSAGES } from '../../machines/tabsMachine';
import { connectTabs } from '../../machines/tabsView';
import { useAnswers, useTabs, useView } from '../app/actors';
import { announce } from '../layout/Announcer';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import ConfirmDialog from './ConfirmDialog';
import { QuestionField } from './QuestionField';
import './TabsBlock.css';

interface Props {
  tabGroup: TabGroup;
  questions: readonly Question[];
  required: ReadonlySet<string>;
}

function TabContent({
  keys,
  questions,
  required,
}: {
  keys: readonly string[];
  questions: readonly Question[];
  required: ReadonlySet<string>;
}) {
  return (
    <>
      {questions
        .filter((q) => keys.includes(q.key))
        .map((q) => (
          <QuestionField key={q.key} question={q} required={required.has(q.key)} />
        ))}
    </>
  );
}

/**
 * A tab group, e.g. the personal statement written here or uploaded. The tabs
 * actor decides: a switch saves the choice and clears the other tab's answers (after asking, when
 * there are some), or is blocked while an upload runs. Anonymous visitors see the default tab's
 * content only, and the note that a document question of another tab can be finished once they
 * have an account.
 */
export default function TabsBlock({ tabGroup, questions, required }: Props) {
  const actor = useTabs();
  const tabs = useView(actor, connectTabs);
  const { switchable: applicant, visitor, busy, blocked, failed, confirming, losing } = tabs;
  const chosen = tabs.chosen(tabGroup.tabId, tabGroup.defaultTab);
  const pendingTab = tabGroup.tabs.find((tab) => tab.id === tabs.pendingTab)?.label ?? '';
  const answers = useAnswers();
  const root = useRef<HTMLDivElement>(null);
  // The tabs are disabled during the switch, so focus would fall to the page: it goes to the
  // chosen tab once the switch went through, and the switch is announced.
  useEffect(() => {
    const subscription = actor.on('tabs.switched', ({ tabId, tab }) => {
      if (tabId !== tabGroup.tabId) return;
      announce(ANNOUNCEMENTS.tabSwitched(tabGroup.tabs.find((candidate) => candidate.id === tab)?.label ?? tab));
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
    });
    return () => subscription.unsubscribe();
  }, [actor, tabGroup]);

  if (!applicant) {
    const tab = tabGroup.tabs.find((candidate) => candidate.id === chosen) ?? tabGroup.tabs[0];
    // A visitor sees the default tab's content only, and meets another tab's document
    // question as a note that it needs an account (the document question's view for a visitor).
    const documentKeys = visitor
      ? tabGroup.tabs.flatMap((other) => (other.id !== tab?.id && other.documentKey ? [other.documentKey] : []))
      : [];
    return (
      <>
        <TabContent keys={tab?.keys ?? []} questions={questions} required={required} />
        {documentKeys.length > 0 ? <TabContent keys={documentKeys} questions={questions} required={required} /> : null}
      </>
    );
  }

  return (
    <div ref={root} className="q-tabs-block q-field--wide">
      <Tabs.Root
        className="q-tabs"
        value={chosen}
        // Arrow keys only move focus: switching clears the other tab's answers, so it takes Enter or Space.
        activationMode="manual"
        onValueChange={(details) =>
          // The answers as they are at the click (a text area commits its draft as focus leaves it).
          tabs.choose(tabGroup.tabId, details.value, answers)
        }
        aria-busy={busy || undefined}
      >
        <p className="q-help q-tabs__hint">Choose one way to give us your answer. Switching removes what you gave the other way.</p>
        <Tabs.List className="q-tabs__list" aria-label="How to give your answer">
          {tabGroup.tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} className="q-tabs__trigger" disabled={busy && tab.id !== chosen}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabGroup.tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className="q-tabs__panel">
            {tab.id === chosen ? <TabContent keys={tab.keys} questions={questions} required={required} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {failed ? (
        <p className="q-note" role="alert">
          We could not switch right now.{' '}
          <Button variant="text" onClick={tabs.retry}>
            Try again
          </Button>
        </p>
      ) : null}
      <Dialog
        open={blocked}
        onOpenChange={(open) => (open ? undefined : tabs.closeDialog())}
        title={TABS_MESSAGES.uploadInProgressTitle}
        description={TABS_MESSAGES.uploadInProgress}
        size="xs"
        footer={<Button onClick={tabs.closeDialog}>OK</Button>}
      />
      <ConfirmDialog
        open={confirming}
        title={LOSS_MESSAGES.tabSwitchTitle(pendingTab)}
        text={LOSS_MESSAGES.tabSwitch(pendingTab, losing.map(answerLabel))}
        confirmLabel={LOSS_MESSAGES.tabSwitchConfirm}
        destructive
        onConfirm={tabs.confirm}
        onCancel={tabs.cancel}
      />
    </div>
  );
}
