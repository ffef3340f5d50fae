import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Reads the newest mail to an address from the e2e server's outbox, as `npm run mail` would. */
export function lastMailTo(address: string): { subject: string; text: string } | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts.');
  const db = new Database(join(dataDir, 'admissions.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT subject, text FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1').get(address.toLowerCase()) as
      { subject: string; text: string } | undefined;
  } finally {
    db.close();
  }
}

export function confirmationCodeFor(address: string): string {
  const code = /^(\d{6})$/m.exec(lastMailTo(address)?.text ?? '')?.[1];
  if (!code) throw new Error(`No confirmation code mailed to ${address}.`);
  return code;
}
