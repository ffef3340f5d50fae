import { CONFLICT_MESSAGES } from '../../src/catalogue/answerMessages';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../machines/api/httpClient';

/** Outcomes the generated paths give to invoked calls. */
export const failures = {
  network: new ApiError(GENERIC_ERROR_MESSAGE, 'network', undefined),
  /** The server answered, with an error of its own. */
  server: new ApiError(GENERIC_ERROR_MESSAGE, 'http', 500),
  unauthorised: new ApiError('Your session is invalid.', 'unauthorised', 401),
  /** A save refused because another tab changed the same answer first. */
  conflict: new ApiError(CONFLICT_MESSAGES.server(['First name']), 'http', 409, { conflicts: ['first_name'] }),
};

/** `xstate.done.actor.<id>` and `xstate.error.actor.<id>` events for a call. */
export function callOutcomes(id: string, output: unknown, errors: readonly unknown[] = [failures.network, failures.unauthorised]) {
  return [{ type: `xstate.done.actor.${id}`, output }, ...errors.map((error) => ({ type: `xstate.error.actor.${id}`, error }))];
}
