import type Database from 'better-sqlite3';
import { DASHBOARD_TIMES, STAFF_PASSKEYS, ZIP_EXPORTS } from './consoleMigrations';
import { REVIEWS_AND_DECISIONS } from './decisionMigrations';
import { KEPT_LIST_COLUMNS } from './keptListColumns';
import { searchNameOf } from './searchText';

/**
 * Versioned schema changes, applied in order at start-up. PRAGMA user_version records the last
 * applied version, so each migration runs exactly once per database. Never edit a released
 * migration: add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  /* 1: accounts, sessions and the application */ `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    confirmed_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE confirmation_codes (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE password_resets (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX password_resets_user ON password_resets(user_id);
  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  CREATE TABLE logins (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX logins_user ON logins(user_id);
  CREATE TABLE applications (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    answers TEXT NOT NULL DEFAULT '{}',
    version INTEGER NOT NULL DEFAULT 0,
    last_page TEXT,
    updated_at INTEGER NOT NULL,
    submitted_at INTEGER
  );
  CREATE TABLE web_status_events (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    web_status TEXT NOT NULL CHECK (web_status IN ('started', 'validating', 'submitted')),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, web_status)
  );
  CREATE TABLE validation_reports (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    errors TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX validation_reports_user ON validation_reports(user_id);
  CREATE TABLE add_another_counts (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    button_id TEXT NOT NULL,
    num_components INTEGER NOT NULL,
    PRIMARY KEY (user_id, button_id)
  );
  CREATE TABLE tab_choices (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tab_id TEXT NOT NULL,
    chosen_tab TEXT NOT NULL,
    PRIMARY KEY (user_id, tab_id)
  );
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('stored', 'pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX outbox_to ON outbox(to_address, created_at);
  CREATE INDEX outbox_pending ON outbox(status) WHERE status = 'pending';
  CREATE TABLE access_tokens (
    id_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('service', 'tmp')),
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    answers TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    CHECK ((kind = 'service' AND user_id IS NOT NULL) OR (kind = 'tmp' AND answers IS NOT NULL))
  );
  `,
  /* 2: throttling counters, kept in SQLite so a restart does not reset an attacker's budget */ `
  CREATE TABLE throttle_counters (
    key TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL
  );
  `,
  /* 3: documents, their conversions, the durable job queue, PDF copies and the lookup indexes */ `
  -- One row per presigned upload we issued: the key can only be used by its applicant, for its question.
  CREATE TABLE upload_slots (
    object_key TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    answer_key TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    received_at INTEGER,
    received_size INTEGER,
    refusal TEXT,
    claimed_at INTEGER
  );
  CREATE INDEX upload_slots_user ON upload_slots(user_id);
  CREATE INDEX upload_slots_unclaimed ON upload_slots(expires_at) WHERE claimed_at IS NULL;

  -- The document answer of one question and its conversion. generation changes with every new
  -- upload, so a conversion that finishes after the document was replaced cannot overwrite it.
  CREATE TABLE documents (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    answer_key TEXT NOT NULL,
    generation INTEGER NOT NULL,
    file_name TEXT NOT NULL,
    file_size INTEGER NOT NULL,
    file_type TEXT NOT NULL CHECK (file_type IN ('png', 'jpeg', 'pdf', 'docx')),
    original_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('unprocessed', 'in progress', 'completed', 'failed', 'not answered')),
    message TEXT NOT NULL DEFAULT '',
    converted_key TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, answer_key)
  );

  -- Work done off the request path. A row in state 'running' after a restart was interrupted and is queued again.
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('convert_document', 'render_copy', 'delete_objects')),
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    answer_key TEXT,
    generation INTEGER,
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER
  );
  CREATE INDEX jobs_queued ON jobs(id) WHERE state = 'queued';
  CREATE INDEX jobs_active_user ON jobs(user_id, kind) WHERE state IN ('queued', 'running');

  -- The latest PDF copy of an application; fingerprint names the answers and documents it shows.
  CREATE TABLE pdf_copies (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
    object_key TEXT,
    message TEXT NOT NULL DEFAULT '',
    rendered_at INTEGER NOT NULL
  );

  -- Schools the college imports (CEEB lists are licensed), searched by word prefixes through FTS5.
  CREATE TABLE schools (
    id INTEGER PRIMARY KEY,
    category TEXT NOT NULL CHECK (category IN ('hs_ceeb', 'college_ceeb')),
    ceeb TEXT NOT NULL,
    name TEXT NOT NULL,
    address_line_1 TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    zip TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    is_demo INTEGER NOT NULL DEFAULT 0,
    UNIQUE (category, ceeb)
  );
  CREATE VIRTUAL TABLE schools_fts USING fts5(
    name, city, state, ceeb,
    content = 'schools', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  CREATE TRIGGER schools_fts_insert AFTER INSERT ON schools BEGIN
    INSERT INTO schools_fts (rowid, name, city, state, ceeb) VALUES (new.id, new.name, new.city, new.state, new.ceeb);
  END;
  CREATE TRIGGER schools_fts_delete AFTER DELETE ON schools BEGIN
    INSERT INTO schools_fts (schools_fts, rowid, name, city, state, ceeb) VALUES ('delete', old.id, old.name, old.city, old.state, old.ceeb);
  END;
  CREATE TRIGGER schools_fts_update AFTER UPDATE ON schools BEGIN
    INSERT INTO schools_fts (schools_fts, rowid, name, city, state, ceeb) VALUES ('delete', old.id, old.name, old.city, old.state, old.ceeb);
    INSERT INTO schools_fts (rowid, name, city, state, ceeb) VALUES (new.id, new.name, new.city, new.state, new.ceeb);
  END;

  -- US cities and ZIP codes for the address category, loaded from the zipcodes package on first use.
  CREATE TABLE places (
    id INTEGER PRIMARY KEY,
    zip TEXT NOT NULL UNIQUE,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    state_code TEXT NOT NULL,
    country TEXT NOT NULL
  );
  CREATE VIRTUAL TABLE places_fts USING fts5(
    city, state, state_code, zip,
    content = 'places', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  `,
  /* 4: sensitive answers (SSN…) sealed with AES-256-GCM, apart from the plain answers */ `
  CREATE TABLE sensitive_answers (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    answer_key TEXT NOT NULL,
    sealed TEXT NOT NULL,
    PRIMARY KEY (user_id, answer_key)
  );
  `,
  /* 5: the version at which each answer last changed, to detect stale writes from another tab */ `
  ALTER TABLE applications ADD COLUMN key_versions TEXT NOT NULL DEFAULT '{}';
  `,
  /* 6: one validation report per applicant, the latest: every report used to add a row */ `
  DELETE FROM validation_reports WHERE id NOT IN (SELECT MAX(id) FROM validation_reports GROUP BY user_id);
  DROP INDEX validation_reports_user;
  CREATE UNIQUE INDEX validation_reports_user ON validation_reports(user_id);
  `,
  /* 7: no live secrets kept in mail, counters found by whole account, paced per-account guesses */ `
  -- When the code or link a mail carries stops working; its body is deleted then (NULL: no secret).
  ALTER TABLE outbox ADD COLUMN body_expires_at INTEGER;
  -- Bodies kept so far: a sent one is no longer needed; any other carried at most a 24-hour code.
  UPDATE outbox SET text = '' WHERE status = 'sent';
  UPDATE outbox SET body_expires_at = created_at + 86400000 WHERE status <> 'sent';
  CREATE INDEX outbox_body_expiry ON outbox(body_expires_at) WHERE body_expires_at IS NOT NULL;
  CREATE INDEX outbox_created ON outbox(created_at);

  -- The account a counter belongs to, so a reset clears exactly that account's counters.
  ALTER TABLE throttle_counters ADD COLUMN account TEXT;
  -- Paced budgets: the next attempt is not evaluated before this time.
  ALTER TABLE throttle_counters ADD COLUMN next_at INTEGER NOT NULL DEFAULT 0;
  -- Old keys named the account only inside the text; they expire within the hour anyway.
  DELETE FROM throttle_counters;
  CREATE INDEX throttle_counters_account ON throttle_counters(account) WHERE account IS NOT NULL;
  CREATE INDEX throttle_counters_window ON throttle_counters(window_start);

  -- What the sweep looks for.
  CREATE INDEX users_unconfirmed ON users(created_at) WHERE confirmed_at IS NULL;
  CREATE INDEX access_tokens_expiry ON access_tokens(expires_at);
  `,
  /* 8: an unconfirmed account given two different passwords is contested */ `
  -- Set when a repeated sign-up brings a password other than the stored one; confirming such an
  -- account sets no password, so neither the first nor the last sign-up gets it.
  ALTER TABLE users ADD COLUMN password_contested INTEGER NOT NULL DEFAULT 0;
  `,
  /* 9: logins are counted, and only the newest 20 of each account are kept */ `
  ALTER TABLE users ADD COLUMN login_count INTEGER NOT NULL DEFAULT 0;
  UPDATE users SET login_count = (SELECT COUNT(*) FROM logins WHERE logins.user_id = users.id);
  DELETE FROM logins WHERE id IN (
    SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id DESC) AS newer FROM logins) WHERE newer > 20
  );
  `,
  /* 10: staff accounts (the admissions office), apart from applicants: invitations, second factor, sessions */ `
  -- A staff account is made by an invitation and never deleted: deactivating it keeps who it was.
  -- password_hash and totp_secret are NULL until the invitation is accepted; totp_secret is sealed
  -- with a key derived from ENCRYPTION_KEY; totp_last_step is the newest 30-second step a code was
  -- accepted for, so no code is accepted twice.
  CREATE TABLE staff (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('reader', 'admin')),
    password_hash TEXT,
    totp_secret TEXT,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    activated_at INTEGER,
    deactivated_at INTEGER
  );
  -- Invitation links are stored as HMACs; only the newest unused one of an account works.
  CREATE TABLE staff_invitations (
    id_hash TEXT PRIMARY KEY,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    invited_by INTEGER REFERENCES staff(id),
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX staff_invitations_staff ON staff_invitations(staff_id);
  -- Ten per account, each an HMAC, each usable once.
  CREATE TABLE staff_recovery_codes (
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    code_hash TEXT NOT NULL,
    used_at INTEGER,
    PRIMARY KEY (staff_id, code_hash)
  );
  -- stage 'password': only the password was proven (minutes to give the second factor);
  -- 'signed_in': both factors, a staff session.
  CREATE TABLE staff_sessions (
    id_hash TEXT PRIMARY KEY,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    stage TEXT NOT NULL CHECK (stage IN ('password', 'signed_in')),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);
  CREATE INDEX staff_sessions_expiry ON staff_sessions(expires_at);
  `,
  /* 11: the access log: who of the staff did what, when, from where, to which applications */ `
  -- Append-only: the database refuses to change or delete an entry. staff_id names the account
  -- (kept when deactivated; NULL for a failed sign-in of an address that is no account);
  -- user_id is the one application concerned (no foreign key: the entry outlives an account the
  -- sweep removes), or NULL with item_count and filter (JSON) for a list.
  CREATE TABLE access_log (
    id INTEGER PRIMARY KEY,
    created_at INTEGER NOT NULL,
    staff_id INTEGER REFERENCES staff(id),
    kind TEXT NOT NULL CHECK (kind IN (
      'sign_in', 'sign_in_failed', 'application_viewed', 'list_searched', 'document_downloaded',
      'pdf_copy_downloaded', 'export', 'link_shared', 'invitation', 'role_changed', 'deactivation'
    )),
    client TEXT NOT NULL,
    user_id INTEGER,
    item_count INTEGER,
    filter TEXT,
    detail TEXT
  );
  CREATE INDEX access_log_user ON access_log(user_id, id) WHERE user_id IS NOT NULL;
  CREATE INDEX access_log_staff ON access_log(staff_id, id);
  CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
    BEGIN SELECT RAISE(ABORT, 'the access log is append-only'); END;
  CREATE TRIGGER access_log_no_delete BEFORE DELETE ON access_log
    BEGIN SELECT RAISE(ABORT, 'the access log is append-only'); END;
  `,
  /* 12: the staff list: the applicant's name folded for search, and what sorts and filters it */ `
  -- search_name: first, middle, last and preferred name, NFD-decomposed, marks dropped, lower-case;
  -- written with the answers in the same transaction.
  ALTER TABLE applications ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
  UPDATE applications SET search_name = search_name_of(answers);
  CREATE INDEX applications_submitted ON applications(submitted_at);
  CREATE INDEX applications_updated ON applications(updated_at);
  -- What the list's counts and search read, so they scan this index, never the rows with the answers.
  CREATE INDEX applications_list ON applications(user_id, submitted_at, version, search_name);
  CREATE INDEX web_status_validating ON web_status_events(user_id) WHERE web_status = 'validating';
  `,
  /* 13: ZIP exports: a job kind that builds them, their progress, and the applications each one holds */ ZIP_EXPORTS,
  /* 14: the dashboard: when an application was first saved, and when each step was first reached */ DASHBOARD_TIMES,
  /* 15: the staff list's status and e-mail address kept on each application, and its search by trigrams */ KEPT_LIST_COLUMNS,
  /* 16: a staff session remembers when its second factor was last confirmed again */ `
  -- factor_confirmed_at: when the staff member last entered a code again in this session (NULL:
  -- never since signing in); an export with sensitive answers needs it within the last minutes.
  ALTER TABLE staff_sessions ADD COLUMN factor_confirmed_at INTEGER;
  `,
  /* 17: staff passkeys, a second factor besides the authenticator app, and their one-use challenges */ STAFF_PASSKEYS,
  /* 18: the reviewer role, reviews, notes, decisions and their release */ REVIEWS_AND_DECISIONS,
];

export function runMigrations(db: Database.Database): void {
  // The fold of a stored application's name, for the migration that adds it.
  db.function('search_name_of', { deterministic: true }, (answers: unknown) =>
    searchNameOf(JSON.parse(String(answers)) as Record<string, unknown>),
  );
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current >= MIGRATIONS.length) return;
  // A table others refer to can only be rebuilt (to change a CHECK) with foreign keys off, which
  // cannot be switched inside a transaction; each migration is checked for broken references
  // before it commits instead, so none is ever left behind.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[version]!);
        const broken = db.pragma('foreign_key_check') as { table: string }[];
        if (broken.length > 0) throw new Error(`migration ${version + 1} would break references in ${broken[0]!.table}`);
        db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}
