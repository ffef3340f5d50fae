import { openDatabase } from '../db/connection';
import { confirmUser, createUnconfirmedUser } from '../db/users';
import { hashPassword } from '../server/accounts/passwords';

export const BENCH_PASSWORD = 'Bench-Password-2026!';

/**
 * Creates confirmed applicants straight in the database: the bench measures saving and
 * submitting, not the mail round trip, and sign-up mail is rate-limited per client address.
 * One Argon2id hash serves every account, so seeding 1,000 applicants takes a moment, not minutes.
 */
export async function seedApplicants(databaseFile: string, count: number, prefix = 'bench'): Promise<string[]> {
  const db = openDatabase(databaseFile);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const usernames = Array.from({ length: count }, (_, index) => `${prefix}.${index}@example.org`);
  db.transaction(() => {
    for (const username of usernames) {
      const created = createUnconfirmedUser(db, username, passwordHash, () => ({ codeHash: 'x', expiresAt: 0 }), now);
      if ('userId' in created) confirmUser(db, created.userId, now);
    }
  })();
  db.close();
  return usernames;
}
