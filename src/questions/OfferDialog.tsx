import { useState } from 'react';
import type { OfferEvent } from '../../machines/answersContext';
import { connectAnswers } from '../../machines/answersView';
import { currentView, useAnswers, useViewValue } from '../app/actors';
import { answerLabel } from '../catalogue/answerMessages';
import { descKey, type AnswerValue, type Answers } from '../catalogue/dataModel';
import { ChoiceDialog } from '../ui/ChoiceDialog';
import './OfferDialog.css';

/** The words of the choice, only this dialog says them (it loads when it is needed). */
const OFFER_MESSAGES = {
  title: 'Which answers should we keep?',
  typed: 'You typed answers before logging in, and your account already holds other answers to some of the same questions.',
  kept: 'This device kept answers you had not saved, and your account has changed since then.',
  choose: 'Nothing is lost until you choose. Tick the new answers you want to use, or keep or replace them all.',
  account: 'In your account',
  offered: 'New answer',
  empty: '(no answer)',
  use: 'Use the new answer',
  keepAccount: "Keep my account's answers",
  useNew: 'Use all the new answers',
  usePicked: 'Use the ticked answers',
} as const;

/** After another tab saved some of the same answers: the page keeps this tab's, the other tab's are offered. */
const OTHER_TAB_MESSAGES = {
  title: 'Which answers should we keep?',
  description:
    'Another tab or window saved different answers to some of the questions you changed here. This page still shows what you typed; nothing is lost until you choose. Tick the other tab’s answers you want to use, or keep or replace them all, or edit them on the page.',
  shown: 'Typed in this tab',
  offered: 'Saved in another tab',
  empty: '(no answer)',
  use: 'Use the other tab’s answer',
  keepShown: 'Keep what I typed here',
  edit: 'Edit them on the page',
  useOffered: 'Use all the other tab’s answers',
  usePicked: 'Use the ticked answers',
} as const;

/** An answer as the applicant typed or chose it: a choice by its description. */
function shown(answers: Answers, key: string): string {
  const value: AnswerValue | undefined = answers[descKey(key)] || answers[key];
  if (value === undefined || value === '') return OFFER_MESSAGES.empty;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** The answers offered: their descriptions go with them, not as answers of their own. */
function offeredKeys(offered: Answers): string[] {
  const keys = Object.keys(offered);
  return keys.filter((key) => !keys.some((other) => descKey(other) === key));
}

/**
 * Answers offered back: typed before logging in to an account that holds
 * other answers, or kept on this device while the account changed. Each is shown beside the
 * account's, with a tick to use it; nothing is dropped until the applicant chooses. After another
 * tab saved different answers to questions this tab changed, the same choice keeps what this tab
 * typed on the page and offers the other tab's answers, with a fourth way out: edit them on the page.
 * The answers actor holds it open (`choosing`) and hears the choice; only a choice closes it.
 */
export default function OfferDialog() {
  const answers = useAnswers();
  const open = useViewValue(answers, connectAnswers, (view) => view.offering);
  const offered = useViewValue(answers, connectAnswers, (view) => view.offered);
  const account = useViewValue(answers, connectAnswers, (view) => view.answers);
  const from = useViewValue(answers, connectAnswers, (view) => view.offeredFrom);
  const afterConflict = from === 'tab';
  const keys = offeredKeys(offered);
  const [picked, setPicked] = useState<readonly string[]>([]);
  const choose = (event: OfferEvent) => {
    currentView(answers, connectAnswers).chooseOffer(event);
    setPicked([]);
  };
  const words = afterConflict
    ? { ...OTHER_TAB_MESSAGES, account: OTHER_TAB_MESSAGES.shown, offered: OTHER_TAB_MESSAGES.offered }
    : {
        ...OFFER_MESSAGES,
        description: `${from === 'device' ? OFFER_MESSAGES.kept : OFFER_MESSAGES.typed} ${OFFER_MESSAGES.choose}`,
      };
  return (
    <ChoiceDialog
      open={open}
      size="s"
      title={words.title}
      description={words.description}
      choices={
        afterConflict
          ? [
              { label: OTHER_TAB_MESSAGES.edit, onChoose: () => choose({ type: 'offer.edit' }) },
              { label: OTHER_TAB_MESSAGES.useOffered, onChoose: () => choose({ type: 'offer.useOffered' }) },
              { label: OTHER_TAB_MESSAGES.usePicked, onChoose: () => choose({ type: 'offer.usePicked', keys: picked }) },
              { label: OTHER_TAB_MESSAGES.keepShown, primary: true, onChoose: () => choose({ type: 'offer.keepShown' }) },
            ]
          : [
              { label: OFFER_MESSAGES.keepAccount, onChoose: () => choose({ type: 'offer.keepShown' }) },
              { label: OFFER_MESSAGES.usePicked, onChoose: () => choose({ type: 'offer.usePicked', keys: picked }) },
              { label: OFFER_MESSAGES.useNew, primary: true, onChoose: () => choose({ type: 'offer.useOffered' }) },
            ]
      }
    >
      <ul className="offer-list">
        {keys.map((key) => {
          const id = `offer-${key}`;
          return (
            <li key={key} className="offer-list__item">
              <p className="offer-list__label" id={`${id}-label`}>
                {answerLabel(key)}
              </p>
              <dl className="offer-list__values">
                <div>
                  <dt>{words.account}</dt>
                  <dd>{shown(account, key)}</dd>
                </div>
                <div>
                  <dt>{words.offered}</dt>
                  <dd>{shown(offered, key)}</dd>
                </div>
              </dl>
              <label className="offer-list__pick">
                <input
                  type="checkbox"
                  aria-describedby={`${id}-label`}
                  checked={picked.includes(key)}
                  onChange={(event) =>
                    setPicked((current) => (event.target.checked ? [...current, key] : current.filter((other) => other !== key)))
                  }
                />
                {`${words.use}: ${answerLabel(key)}`}
              </label>
            </li>
          );
        })}
      </ul>
    </ChoiceDialog>
  );
}
