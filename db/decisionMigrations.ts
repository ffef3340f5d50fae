/**
 * The migration of reviews, decisions and their release (listed in db/migrations.ts). Part of a
 * released migration once shipped: never edit it, add a new one.
 */

/** The access log's kinds, as the rebuilt table accepts them. */
const ACCESS_KIND_LIST = `'sign_in', 'sign_in_failed', 'application_viewed', 'list_searched', 'document_downloaded',
      'pdf_copy_downloaded', 'export', 'link_shared', 'invitation', 'role_changed', 'deactivation',
      'evaluation_viewed', 'queue_viewed', 'review_claimed', 'review_assigned', 'review_submitted', 'note_added', 'decision_recorded',
      'release_prepared', 'release_approved', 'release_recalled', 'release_sent'`;

export const REVIEWS_AND_DECISIONS = `
  -- SQLite cannot change a CHECK constraint: staff is rebuilt with the reviewer role (migrations
  -- run with foreign keys off, and checked before they commit, so the tables naming staff keep
  -- naming the rebuilt one).
  CREATE TABLE staff_next (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('reader', 'reviewer', 'admin')),
    password_hash TEXT,
    totp_secret TEXT,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    activated_at INTEGER,
    deactivated_at INTEGER
  );
  INSERT INTO staff_next SELECT * FROM staff;
  DROP TABLE staff;
  ALTER TABLE staff_next RENAME TO staff;

  -- The access log, rebuilt with the kinds of reviews, decisions and releases; still append-only.
  CREATE TABLE access_log_next (
    id INTEGER PRIMARY KEY,
    created_at INTEGER NOT NULL,
    staff_id INTEGER REFERENCES staff(id),
    kind TEXT NOT NULL CHECK (kind IN (${ACCESS_KIND_LIST})),
    client TEXT NOT NULL,
    user_id INTEGER,
    item_count INTEGER,
    filter TEXT,
    detail TEXT
  );
  INSERT INTO access_log_next SELECT * FROM access_log;
  DROP TABLE access_log;
  ALTER TABLE access_log_next RENAME TO access_log;
  CREATE INDEX access_log_user ON access_log(user_id, id) WHERE user_id IS NOT NULL;
  CREATE INDEX access_log_staff ON access_log(staff_id, id);
  CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
    BEGIN SELECT RAISE(ABORT, 'the access log is append-only'); END;
  CREATE TRIGGER access_log_no_delete BEFORE DELETE ON access_log
    BEGIN SELECT RAISE(ABORT, 'the access log is append-only'); END;

  -- Who reviews what: a reviewer's claim from the queue, or an admin's assignment (assigned_by).
  CREATE TABLE review_claims (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    assigned_by INTEGER REFERENCES staff(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, staff_id)
  );
  CREATE INDEX review_claims_staff ON review_claims(staff_id);
  -- One review per reviewer and application, never edited (a later note follows it).
  -- ratings: JSON object of the form's rating keys.
  CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    ratings TEXT NOT NULL,
    recommendation TEXT NOT NULL,
    comment TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, staff_id)
  );
  CREATE TRIGGER reviews_no_update BEFORE UPDATE ON reviews
    BEGIN SELECT RAISE(ABORT, 'a review is never edited'); END;
  -- What the list and the release read of an application's reviews, written with each review.
  CREATE TABLE review_summaries (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    review_count INTEGER NOT NULL,
    flagged INTEGER NOT NULL CHECK (flagged IN (0, 1))
  );
  CREATE INDEX review_summaries_flagged ON review_summaries(flagged, user_id);
  -- Dated notes of any staff member, never edited.
  CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX notes_user ON notes(user_id, id);
  CREATE TRIGGER notes_no_update BEFORE UPDATE ON notes
    BEGIN SELECT RAISE(ABORT, 'a note is never edited'); END;
  -- Every decision recorded; an application's decision is its newest row, the earlier ones its history.
  CREATE TABLE decisions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    created_at INTEGER NOT NULL
  );
  CREATE INDEX decisions_user ON decisions(user_id, id);
  CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
    BEGIN SELECT RAISE(ABORT, 'a decision is never edited: record another'); END;
  -- A release: prepared (its rehearsal passed) by one admin, approved by another, sent from
  -- scheduled_at by the release job, or recalled before. scope: how its applications were chosen (JSON).
  CREATE TABLE releases (
    id INTEGER PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('awaiting_approval', 'approved', 'sending', 'sent', 'recalled')),
    scope TEXT NOT NULL,
    scheduled_at INTEGER NOT NULL,
    prepared_by INTEGER NOT NULL REFERENCES staff(id),
    prepared_at INTEGER NOT NULL,
    approved_by INTEGER REFERENCES staff(id),
    approved_at INTEGER,
    recalled_by INTEGER REFERENCES staff(id),
    recalled_at INTEGER,
    started_at INTEGER,
    finished_at INTEGER,
    total INTEGER NOT NULL,
    CHECK (approved_by IS NULL OR approved_by <> prepared_by)
  );
  CREATE INDEX releases_due ON releases(scheduled_at) WHERE state IN ('approved', 'sending');
  -- One applicant of a release: the decision it carries (chosen when prepared), the letter as sent
  -- (JSON text runs), when its e-mail was queued, and when the applicant first opened the letter.
  CREATE TABLE release_items (
    release_id INTEGER NOT NULL REFERENCES releases(id),
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    decision_id INTEGER NOT NULL REFERENCES decisions(id),
    letter TEXT,
    sent_at INTEGER,
    first_opened_at INTEGER,
    PRIMARY KEY (release_id, user_id)
  );
  CREATE INDEX release_items_user ON release_items(user_id, sent_at);
  CREATE INDEX release_items_unsent ON release_items(release_id, user_id) WHERE sent_at IS NULL;
  `;
