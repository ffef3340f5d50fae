import type Database from 'better-sqlite3';

/**
 * Versioned schema changes, applied in order at start-up. PRAGMA user_version records the last
 * applied version, so each migration runs exactly once per database. Never edit a released
 * migration: add a new one.
 */
const MIGRATIONS: readonly string[] = [
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
];

export function runMigrations(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export const SCHEMA_VERSION = MIGRATIONS.length;
