import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES, createPasskey, signWithPasskey } from '../../../machines/api/passkeys';

/*
 * The browser's side of a passkey, with navigator.credentials standing in for the browser: a
 * prompt the user cancels, a device that already holds the account's passkey, a page at another
 * address and a browser without passkeys each get a message that says what to do next.
 */

const CREATION = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Northfield admissions office' },
  user: { id: 'dXNlcg', name: 'reader@college.test', displayName: '' },
  pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
};
const REQUEST = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' as const }] };

function browserRefusing(name: string, hostname = 'localhost') {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('location', { hostname });
  const refuse = () => Promise.reject(new DOMException('refused', name));
  vi.stubGlobal('navigator', { credentials: { create: vi.fn(refuse), get: vi.fn(refuse) } });
}

afterEach(() => vi.unstubAllGlobals());

describe('a passkey in the browser', () => {
  it('says a cancelled or timed-out prompt was cancelled, in the words of the page that asked', async () => {
    browserRefusing('NotAllowedError');
    await expect(createPasskey(CREATION, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.notCreated);
    await expect(signWithPasskey(REQUEST, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.notUsed);
  });

  it('says the device already holds a passkey of the account, or that the page is not at the console’s address', async () => {
    browserRefusing('InvalidStateError');
    await expect(createPasskey(CREATION, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.alreadyAdded);
    browserRefusing('SecurityError');
    await expect(signWithPasskey(REQUEST, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.wrongAddress);
    // The console opened by its IP address while passkeys belong to its name.
    browserRefusing('SecurityError', '127.0.0.1');
    await expect(createPasskey(CREATION, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.wrongAddress);
  });

  it('says so when the browser has no passkeys at all', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await expect(signWithPasskey(REQUEST, new AbortController().signal)).rejects.toThrow(PASSKEY_MESSAGES.unavailable);
  });
});
