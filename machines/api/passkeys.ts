import {
  WebAuthnAbortService,
  WebAuthnError,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** What the console says when the browser does not make or use a passkey; the server is never asked then. */
export const PASSKEY_MESSAGES = {
  notCreated: 'No passkey was added: the browser’s prompt was cancelled or timed out. You can try again, or skip this step.',
  alreadyAdded: 'This device already holds a passkey of your account.',
  notUsed: 'The passkey was not used: the browser’s prompt was cancelled or timed out. You can try again, or enter a code.',
  wrongAddress: 'Passkeys work only at the console’s own address. Please open the console from the link of your e-mail, or enter a code.',
  unavailable: 'This browser could not use a passkey here. Please enter a code from your authenticator app instead.',
} as const;

/** Why the browser refused a ceremony, in the words of the page that asked. */
function refusal(error: unknown, cancelled: string): Error {
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const name = error instanceof Error ? error.name : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new Error(PASSKEY_MESSAGES.alreadyAdded);
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return new Error(PASSKEY_MESSAGES.wrongAddress);
  }
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error(cancelled);
  return new Error(PASSKEY_MESSAGES.unavailable);
}

/** Runs one browser ceremony; stopping the actor that asked (the signal) closes the browser's prompt. */
async function ceremony<T>(run: () => Promise<T>, signal: AbortSignal, cancelled: string): Promise<T> {
  const cancel = () => WebAuthnAbortService.cancelCeremony();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await run();
  } catch (error) {
    throw refusal(error, cancelled);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** The browser makes a new passkey for the server's options (navigator.credentials.create). */
export const createPasskey = (
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
  signal: AbortSignal,
): Promise<RegistrationResponseJSON> => ceremony(() => startRegistration({ optionsJSON }), signal, PASSKEY_MESSAGES.notCreated);

/** The browser signs the server's challenge with one of the account's passkeys (navigator.credentials.get). */
export const signWithPasskey = (
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  signal: AbortSignal,
): Promise<AuthenticationResponseJSON> => ceremony(() => startAuthentication({ optionsJSON }), signal, PASSKEY_MESSAGES.notUsed);
