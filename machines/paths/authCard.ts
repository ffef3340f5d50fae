import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../api/httpClient';
import { AUTH_CARD_NAMES, CARD_FIELDS, authCardMachine, type AuthCardContext } from '../authCardMachine';
import type { PathModel } from './model';

const USERNAME = 'ada@example.edu';
const PASSWORD = 'Correct-Horse-9!';
/** A well-formed reset link id (the server checks it is real). */
export const RESET_ID = 'a'.repeat(43);
const GOOD: Record<string, string> = { username: USERNAME, password: PASSWORD, confirm_password: PASSWORD, code: '123456' };
const BAD: Record<string, string> = { username: 'ada', password: 'short', confirm_password: 'other', code: '12' };

export const authFailures = {
  rejected: (message: string) => new ApiError(message, 'http', 400, { message }),
  notConfirmed: new ApiError('Your account is not confirmed yet.', 'http', 403, {
    message: 'Your account is not confirmed yet.',
    code: 'UserNotConfirmed',
  }),
};

/**
 * Every card from its route (with the prefills the routes pass), a good and a bad value for each
 * field the current card shows, and each outcome of its calls.
 */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { card } = snapshot.context as AuthCardContext;
  return [
    { type: 'card.open', card: 'login' },
    { type: 'card.open', card: 'login', prefill: { errorMessage: 'Your session is invalid.' } },
    { type: 'card.open', card: 'signup' },
    { type: 'card.open', card: 'confirm', prefill: { username: USERNAME } },
    { type: 'card.open', card: 'forgot' },
    { type: 'card.open', card: 'reset', prefill: { username: USERNAME, id: RESET_ID } },
    ...CARD_FIELDS[card].flatMap((field) => [
      { type: 'field.change', field, value: GOOD[field] },
      { type: 'field.change', field, value: BAD[field] },
    ]),
    { type: 'field.blur', field: 'username' },
    { type: 'submit' },
    { type: 'resend' },
    { type: 'notice.dismiss' },
    { type: 'confirm.go' },
    { type: 'link.follow', to: 'signup' },
    ...AUTH_CARD_NAMES.flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: { message: `${id} done` } },
      { type: `xstate.error.actor.${id}`, error: authFailures.rejected(`${id} failed`) },
    ]),
    { type: 'xstate.error.actor.login', error: authFailures.notConfirmed },
    { type: 'xstate.done.actor.resend', output: { message: 'code sent' } },
    { type: 'xstate.error.actor.resend', error: authFailures.rejected('resend failed') },
  ];
}

export const authCardModel: PathModel = {
  name: 'authCard',
  machine: authCardMachine,
  events,
};
