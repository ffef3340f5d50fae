import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../db/connection';
import { listApplicationsForExport } from '../../db/applications';
import { findUserByUsername } from '../../db/users';
import { ANSWER_COLUMNS } from '../../src/catalogue/schema/staffExports';
import { normaliseUsername, validateAnswerPayload } from '../../src/catalogue/schema';
import { loadCollegeConfig } from '../../src/college/load';
import { createAccessTokens } from '../accounts/accessTokens';
import { backupDatabase } from '../../db/backup';
import { readDataPaths, readServerConfig } from '../config';
import { initKeyFiles } from '../keys';
import { runningAddress } from '../runningAddress';
import { SCHOOL_CATEGORIES, importSchoolFile } from '../lookup/schoolImport';
import type { SchoolCategory } from '../../db/schools';
import * as v from 'valibot';
import { enqueueMail } from '../../db/outbox';
import { staffInviteSchema } from '../../src/catalogue/schema/staff';
import { createStaffService } from '../accounts/staffService';
import { createThrottle } from '../accounts/throttle';
import { createTotp } from '../accounts/totp';
import type { Mailer } from '../mail/mailer';
import { readArgs } from './args';
import { toCsv } from '../exports/csv';
import { visibleJson, visibleText } from '../exports/visibleText';
import { referenceOf } from '../../src/catalogue/reference';
import { createAnswerStore } from '../application/answerStore';
import { SENSITIVE_KEYS, createAnswerVault } from '../application/answerVault';

/**
 * The admissions office's commands:
 *   npm run admin -- service-token EMAIL          staff link: shows EMAIL's application, read-only
 *   npm run admin -- revoke-service-token EMAIL   ends every staff link to EMAIL's application at once
 *   npm run admin -- tmp-token FILE.json          prefill link: opens the form with FILE's answers for a visitor
 *   npm run admin -- export --status submitted|all --format csv|json [--out FILE] [--include-sensitive]
 *   npm run admin -- import-schools FILE.csv --category hs_ceeb|college_ceeb
 *   npm run admin -- backup FILE                  consistent copy of the live database
 *   npm run admin -- init-keys                    creates DATA_DIR/secret.key and encryption.key where missing
 *   npm run admin -- staff-invite EMAIL --role admin|reviewer|reader   invitation link to a staff account, printed and mailed
 */
const USAGE = `Usage:
  npm run admin -- service-token EMAIL
  npm run admin -- revoke-service-token EMAIL
  npm run admin -- tmp-token FILE.json
  npm run admin -- export --status submitted|all --format csv|json [--out FILE] [--include-sensitive]
  npm run admin -- import-schools FILE.csv --category hs_ceeb|college_ceeb
    (columns: ceeb,name,address_line_1,city,state,zip,country; replaces that category's list)
  npm run admin -- backup FILE
  npm run admin -- init-keys
  npm run admin -- staff-invite EMAIL --role admin|reviewer|reader`;

const [command, ...rest] = process.argv.slice(2);
/** The command's own flags and its one argument (EMAIL, FILE), if it takes one; anything else stops it. */
const argsOf = <const TOptions extends Parameters<typeof readArgs>[1]['options']>(options: TOptions, positionals: 0 | 1) => {
  const parsed = readArgs(rest, { options, positionals, usage: USAGE });
  return { options: parsed.values, argument: parsed.positionals[0] };
};

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Configuration mistakes end the command with their message, as they end `npm start`. */
function orFail<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    fail((error as Error).message);
  }
}

// These two need neither the keys nor a migrated database: init-keys makes the keys, and a backup
// copies the database as it is, next to the running server.
if (command === 'init-keys') {
  argsOf({}, 0);
  const { dataDir } = orFail(() => readDataPaths());
  const { created, kept } = orFail(() => initKeyFiles(dataDir));
  for (const file of kept) process.stdout.write(`Kept ${file}: an existing key is never replaced.\n`);
  process.stdout.write(
    `Created ${created.join(' and ')} (mode 600). Back the keys up apart from the database: without encryption.key the sealed answers cannot be read, and with it anyone holding the database can read them.\n`,
  );
  process.exit(0);
}
if (command === 'backup') {
  const { argument } = argsOf({}, 1);
  if (!argument) fail(USAGE);
  const { databaseFile } = orFail(() => readDataPaths());
  if (!existsSync(databaseFile)) fail(`There is no database at ${databaseFile} (check DATA_DIR).`);
  if (existsSync(argument)) fail(`${argument} already exists; backup never overwrites a file.`);
  try {
    const { pages } = await backupDatabase(databaseFile, argument);
    process.stderr.write(`Backed up ${databaseFile} to ${argument} (${pages} pages, integrity ok).\n`);
  } catch (error) {
    fail(`The backup failed: ${(error as Error).message}`);
  }
  process.exit(0);
}

if (!['service-token', 'revoke-service-token', 'tmp-token', 'export', 'import-schools', 'staff-invite'].includes(command ?? ''))
  fail(USAGE);
const config = orFail(() => readServerConfig());

/**
 * Where printed links point: PUBLIC_URL when this command has it, else the server running on the
 * same DATA_DIR (whatever port it was given), else PORT. Says which on stderr, so the link alone
 * stays on stdout for scripts.
 */
function linkBase(): string {
  if (config.publicUrlSource === 'PUBLIC_URL') {
    process.stderr.write(`Link built from PUBLIC_URL (${config.publicUrl}).\n`);
    return config.publicUrl;
  }
  const running = runningAddress(config.dataDir);
  if (running) {
    process.stderr.write(`Link built from the server running on ${config.dataDir} (${running}).\n`);
    return running;
  }
  process.stderr.write(
    `No server is running on ${config.dataDir}; link built from PORT (${config.publicUrl}). ` +
      'If the server runs elsewhere, set PUBLIC_URL (or PORT) as it has them.\n',
  );
  return config.publicUrl;
}

const db = openDatabase(config.databaseFile);
const tokens = createAccessTokens({ db, secret: config.secret, now: () => Date.now() });
try {
  switch (command) {
    case 'service-token': {
      const { argument } = argsOf({}, 1);
      if (!argument) fail(USAGE);
      const user = findUserByUsername(db, normaliseUsername(argument));
      if (!user) fail(`No account exists for ${argument}.`);
      process.stdout.write(`${tokens.shareStaffLink(user.id, linkBase()).url}\n`);
      break;
    }
    case 'revoke-service-token': {
      const { argument } = argsOf({}, 1);
      if (!argument) fail(USAGE);
      const user = findUserByUsername(db, normaliseUsername(argument));
      if (!user) fail(`No account exists for ${visibleText(argument)}.`);
      const revoked = tokens.revokeStaffLinks(user.id);
      process.stdout.write(`Revoked ${revoked} staff link(s) for ${visibleText(user.username)}; they open nothing from now on.\n`);
      break;
    }
    case 'tmp-token': {
      const { argument } = argsOf({}, 1);
      if (!argument) fail(USAGE);
      let payload: unknown;
      try {
        payload = JSON.parse(readFileSync(argument, 'utf8'));
      } catch (error) {
        fail(`Could not read answers from ${argument}: ${(error as Error).message}`);
      }
      const checked = validateAnswerPayload(payload, loadCollegeConfig(config.collegeConfigFile));
      if (!checked.ok) fail(checked.message);
      // Prefill links are read by anyone who holds them: they must never carry an SSN.
      const sensitive = Object.keys(checked.answers).filter((key) => SENSITIVE_KEYS.has(key));
      if (sensitive.length > 0) fail(`Prefilled answers cannot include sensitive answers: ${sensitive.join(', ')}.`);
      const token = tokens.issuePrefillLink(JSON.stringify(checked.answers));
      process.stdout.write(`${linkBase()}/about?token=${token}\n`);
      break;
    }
    case 'export': {
      const { options } = argsOf(
        {
          status: { type: 'string', default: 'submitted' },
          format: { type: 'string', default: 'csv' },
          out: { type: 'string' },
          'include-sensitive': { type: 'boolean', default: false },
        },
        0,
      );
      const { status, format } = options;
      if (status !== 'submitted' && status !== 'all') fail('--status must be submitted or all.');
      if (format !== 'csv' && format !== 'json') fail('--format must be csv or json.');
      // Sensitive answers are masked unless the operator asks for them in full.
      const reveal = options['include-sensitive'] ? 'full' : 'masked';
      const answerStore = createAnswerStore({
        db,
        vault: createAnswerVault(config.encryptionKey),
        college: loadCollegeConfig(config.collegeConfigFile),
      });
      const rows = listApplicationsForExport(db, status).map((row) => ({
        username: row.username,
        submitted_at: row.submitted_at === null ? '' : new Date(row.submitted_at).toISOString(),
        reference: referenceOf(row.user_id, row.submitted_at) ?? '',
        answers: answerStore.read(row.user_id, reveal) ?? {},
      }));
      const output =
        format === 'json'
          ? visibleJson(rows) + '\n'
          : toCsv(
              ['username', 'submitted_at', 'reference', ...ANSWER_COLUMNS],
              rows.map((row) => ({ username: row.username, submitted_at: row.submitted_at, reference: row.reference, ...row.answers })),
            );
      const { out } = options;
      if (out !== undefined) {
        // Exports hold personal data: readable by the operator alone, and never written over a file
        // that exists (its mode, maybe readable by others, would stay).
        if (existsSync(out)) fail(`${out} already exists; export never overwrites a file.`);
        let fd: number;
        try {
          fd = openSync(out, 'wx', 0o600);
        } catch (error) {
          fail(`Could not create ${out}: ${(error as Error).message}`);
        }
        try {
          writeFileSync(fd, output);
        } finally {
          closeSync(fd);
        }
        process.stderr.write(`Wrote ${rows.length} application(s) to ${out}.\n`);
      } else {
        process.stdout.write(output);
      }
      break;
    }
    case 'import-schools': {
      const { options, argument } = argsOf({ category: { type: 'string' } }, 1);
      const { category } = options;
      if (!argument || category === undefined) fail(USAGE);
      if (!(SCHOOL_CATEGORIES as readonly string[]).includes(category)) fail(`--category must be ${SCHOOL_CATEGORIES.join(' or ')}.`);
      let result;
      try {
        result = importSchoolFile(db, argument, category as SchoolCategory);
      } catch (error) {
        fail(`Could not read ${argument}: ${(error as Error).message}`);
      }
      if (!result.ok) fail(`Nothing was imported from ${argument}:\n${result.errors.map((error) => `  ${error}`).join('\n')}`);
      process.stdout.write(`Imported ${result.schools.length} school(s) into ${category}, replacing the previous list.\n`);
      break;
    }
    case 'staff-invite': {
      const { options, argument } = argsOf({ role: { type: 'string' } }, 1);
      if (!argument || options.role === undefined) fail(USAGE);
      const checked = v.safeParse(staffInviteSchema, { email: argument, role: options.role });
      if (!checked.success) fail(checked.issues[0].message);
      const { email, role } = checked.output;
      const clock = { now: () => Date.now() };
      // The mail goes into the outbox: the running server's mail job delivers it with SMTP_URL, `npm run mail` shows it without.
      const mailer: Mailer = {
        send: (message) => void enqueueMail(db, { ...message, status: config.smtpUrl ? 'pending' : 'stored' }, clock.now()),
        deliverPending: async () => {},
        close() {},
      };
      const college = loadCollegeConfig(config.collegeConfigFile);
      const staff = createStaffService({
        db,
        clock,
        mailer,
        secret: config.secret,
        throttle: createThrottle({ db, clock }),
        totp: createTotp({ encryptionKey: config.encryptionKey, issuer: `${college.name} admissions` }),
        publicUrl: linkBase(),
        collegeName: college.name,
      });
      let invitation: { link: string };
      try {
        invitation = staff.invite(email, role, null);
      } catch (error) {
        fail((error as Error).message);
      }
      process.stderr.write(`Invited ${visibleText(email)} as ${role}; the link below was mailed too and works once, within 72 hours.\n`);
      process.stdout.write(`${invitation.link}\n`);
      break;
    }
    default:
      fail(USAGE);
  }
} finally {
  db.close();
}
