import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { OfferEvent } from '../../machines/answersMachine';
import { answerLabel } from '../catalogue/answerMessages';
import { descKey, type AnswerValue, type Answers } from '../catalogue/dataModel';
import { ChoiceDialog } from '../ui/ChoiceDialog';
import { useAnswersActor } from './hooks';
import './OfferDialog.css';

/** Issue 12: the words of the choice, only this dialog says them (it loads when it is needed). */
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
 * Answers offered back (issue 12 cases 4 and 5): typed before logging in to an account that holds
 * other answers, or kept on this device while the account changed. Each is shown beside the
 * account's, with a tick to use it; nothing is dropped until the applicant chooses. The answers
 * actor holds it open (`choosing`) and hears the choice; only a choice closes it.
 */
export default function OfferDialog() {
  const answers = useAnswersActor();
  const open = useSelector(answers, (s) => s.hasTag('choosing'));
  const offered = useSelector(answers, (s) => s.context.offered);
  const account = useSelector(answers, (s) => s.context.answers);
  const fromDevice = useSelector(answers, (s) => s.context.offeredFrom === 'device');
  const keys = offeredKeys(offered);
  const [picked, setPicked] = useState<readonly string[]>([]);
  const choose = (event: OfferEvent) => {
    answers.send(event);
    setPicked([]);
  };
  return (
    <ChoiceDialog
      open={open}
      size="s"
      title={OFFER_MESSAGES.title}
      description={`${fromDevice ? OFFER_MESSAGES.kept : OFFER_MESSAGES.typed} ${OFFER_MESSAGES.choose}`}
      choices={[
        { label: OFFER_MESSAGES.keepAccount, onChoose: () => choose({ type: 'offer.keepAccount' }) },
        { label: OFFER_MESSAGES.usePicked, onChoose: () => choose({ type: 'offer.usePicked', keys: picked }) },
        { label: OFFER_MESSAGES.useNew, primary: true, onChoose: () => choose({ type: 'offer.useNew' }) },
      ]}
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
                  <dt>{OFFER_MESSAGES.account}</dt>
                  <dd>{shown(account, key)}</dd>
                </div>
                <div>
                  <dt>{OFFER_MESSAGES.offered}</dt>
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
                {`${OFFER_MESSAGES.use}: ${answerLabel(key)}`}
              </label>
            </li>
          );
        })}
      </ul>
    </ChoiceDialog>
  );
}
