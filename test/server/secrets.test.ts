import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHash } from '../../server/accounts/secrets';

describe('keyedHash', () => {
  it('is HMAC-SHA256 of purpose, NUL and value, for short, usual and long secrets', () => {
    for (const length of [1, 32, 63, 64, 65, 200]) {
      const secret = randomBytes(length);
      for (const [purpose, value] of [
        ['session', randomBytes(16).toString('base64url')],
        ['access', ''],
        ['code', 'élève ✓ 𝄞'],
      ] as const) {
        const expected = createHmac('sha256', secret).update(purpose).update('\0').update(value).digest('base64url');
        expect(keyedHash(secret, purpose, value)).toBe(expected);
      }
    }
  });
});
