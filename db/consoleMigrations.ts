/**
 * The migrations of the console's ZIP exports, dashboard and passkeys (listed in db/migrations.ts). Parts of
 * released migrations: never edit them, add a new one.
 */

/** ZIP exports: a job kind that builds them, their progress, and the applications each one holds. */
export const ZIP_EXPORTS = `
  -- SQLite cannot change a CHECK constraint: the jobs table is rebuilt with the new kind.
  CREATE TABLE jobs_next (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('convert_document', 'render_copy', 'delete_objects', 'build_zip')),
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE, answer_key TEXT, generation INTEGER,
    payload TEXT NOT NULL DEFAULT '{}', state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, created_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER
  );
  INSERT INTO jobs_next SELECT * FROM jobs;
  DROP TABLE jobs;
  ALTER TABLE jobs_next RENAME TO jobs;
  CREATE INDEX jobs_queued ON jobs(id) WHERE state = 'queued';
  CREATE INDEX jobs_active_user ON jobs(user_id, kind) WHERE state IN ('queued', 'running');
  -- A ZIP of the copies (and documents) of the applications a filter found, for the admin who asked;
  -- job_id: its 'build_zip' job (no foreign key: finished jobs are purged apart); filter: the list's, as
  -- JSON; done: applications written so far; file_path: the private file once complete; not_included:
  -- the lines of the ZIP's list of what could not be included.
  CREATE TABLE zip_exports (
    job_id INTEGER PRIMARY KEY, staff_id INTEGER NOT NULL REFERENCES staff(id), filter TEXT NOT NULL,
    include_documents INTEGER NOT NULL CHECK (include_documents IN (0, 1)), total INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0, file_path TEXT, not_included INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL, finished_at INTEGER
  );
  CREATE INDEX zip_exports_finished ON zip_exports(finished_at) WHERE finished_at IS NOT NULL;
  -- The applications an export holds, chosen when it was asked for, in the list's order (id); no
  -- foreign key to the applicant: an account gone meanwhile is named as not included.
  CREATE TABLE zip_export_items (
    id INTEGER PRIMARY KEY, job_id INTEGER NOT NULL REFERENCES zip_exports(job_id) ON DELETE CASCADE, user_id INTEGER NOT NULL
  );
  CREATE INDEX zip_export_items_export ON zip_export_items(job_id, id);
  `;

/** The dashboard: when an application was first saved, and when each step was first reached. */
export const DASHBOARD_TIMES = `
  -- started_at: the time of the first save that stored answers, written by that save.
  ALTER TABLE applications ADD COLUMN started_at INTEGER;
  -- One row per applicant and step (the step's route, as last_page holds it), written with
  -- last_page in the same transaction, the first time the applicant opens that step.
  CREATE TABLE steps_reached (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    page TEXT NOT NULL,
    reached_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, page)
  );
  -- Applications saved before this migration kept no such times: the nearest known ones stand in.
  -- Started: the day the applicant's web status was first recorded (their first visit of the form),
  -- else the application's last change. The step of last_page: the application's last change (the
  -- latest day it can have been reached); steps opened before it left no trace.
  UPDATE applications SET started_at = COALESCE(
    (SELECT MIN(w.created_at) FROM web_status_events w WHERE w.user_id = applications.user_id), updated_at)
    WHERE version > 0;
  INSERT INTO steps_reached (user_id, page, reached_at)
    SELECT user_id, last_page, updated_at FROM applications WHERE last_page IS NOT NULL;
  CREATE INDEX applications_started ON applications(started_at) WHERE started_at IS NOT NULL;
  CREATE INDEX users_confirmed ON users(confirmed_at) WHERE confirmed_at IS NOT NULL;
  CREATE INDEX steps_reached_day ON steps_reached(reached_at);
  `;

/** Staff passkeys, a second factor besides the authenticator app, and their one-use challenges. */
export const STAFF_PASSKEYS = `
  -- A passkey of a staff account: the credential id the browser names it by (base64url), its public
  -- key (COSE), the signature counter its authenticator last reported and how it is reached.
  CREATE TABLE staff_passkeys (
    credential_id TEXT PRIMARY KEY,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    public_key BLOB NOT NULL,
    counter INTEGER NOT NULL DEFAULT 0,
    transports TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    last_used_at INTEGER
  );
  CREATE INDEX staff_passkeys_staff ON staff_passkeys(staff_id);
  -- The challenge of a passkey's creation or use, kept on the server until it is answered (once)
  -- or expires; bound_to is the id hash of the accepted invitation or of the sign-in's password step.
  CREATE TABLE staff_passkey_challenges (
    challenge TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('registration', 'authentication')),
    bound_to TEXT NOT NULL,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX staff_passkey_challenges_bound ON staff_passkey_challenges(bound_to, purpose);
  CREATE INDEX staff_passkey_challenges_expiry ON staff_passkey_challenges(expires_at);
  `;
