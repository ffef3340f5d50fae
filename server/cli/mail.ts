import { openDatabase } from '../../db/connection';
import { listOutbox } from '../../db/outbox';
import { normaliseUsername } from '../../src/catalogue/schema';
import { readServerConfig } from '../config';
import { readArgs } from './args';
import { visibleJson, visibleText } from '../exports/visibleText';

/**
 * `npm run mail` prints the outbox newest first, so a developer can read confirmation codes and
 * reset links without an SMTP server. `--to ADDRESS --json` prints one address's mail as JSON.
 * A body is empty once its code or link has expired (or, with SMTP, once it was sent). Control and
 * format characters are printed as code points (visibleText.ts), never sent to the terminal.
 */
const DELETED_BODY = '(body deleted: the code or link in it has expired, or the mail was sent)';
const USAGE = 'Usage: npm run mail -- [--to ADDRESS] [--json] [--limit N]';
const { values: options } = readArgs(process.argv.slice(2), {
  options: { to: { type: 'string' }, json: { type: 'boolean', default: false }, limit: { type: 'string', default: '20' } },
  positionals: 0,
  usage: USAGE,
});
if (!/^[1-9]\d*$/.test(options.limit)) {
  process.stderr.write(`--limit must be a whole number of messages, got "${options.limit}".\n${USAGE}\n`);
  process.exit(1);
}
const config = readServerConfig();
const db = openDatabase(config.databaseFile);
const to = options.to === undefined ? undefined : normaliseUsername(options.to);
const rows = listOutbox(db, { to, limit: Number(options.limit) });
db.close();

if (options.json) {
  const messages = rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    created_at: new Date(row.created_at).toISOString(),
  }));
  process.stdout.write(visibleJson(messages) + '\n');
} else if (rows.length === 0) {
  process.stdout.write(to ? `No mail to ${visibleText(to)}.\n` : 'The outbox is empty.\n');
} else {
  for (const row of rows) {
    process.stdout.write(
      [
        '─'.repeat(72),
        `To:      ${visibleText(row.to_address)}`,
        `Subject: ${visibleText(row.subject)}`,
        `Date:    ${new Date(row.created_at).toISOString()}  (${row.status})`,
        '',
        visibleText(row.text, { keepLineBreaks: true }) || DELETED_BODY,
        '',
      ].join('\n'),
    );
  }
}
