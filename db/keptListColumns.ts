/**
 * The migration that keeps the staff list's status and e-mail address on each application and
 * indexes its search by trigrams (listed in db/migrations.ts). Part of a released migration:
 * never edit it, add a new one.
 */
export const KEPT_LIST_COLUMNS = `
  -- status: what the office reads, NULL while the account is unconfirmed (no account for the office
  -- yet). The triggers below write it in the very statement that changes what it is made of: a
  -- confirmation, the first saved answer, the web status reaching validating, the submission.
  ALTER TABLE applications ADD COLUMN status TEXT
    CHECK (status IN ('account_only', 'started', 'missing_information', 'submitted'));
  -- email: the applicant's username, beside the folded name, so a search reads one index.
  ALTER TABLE applications ADD COLUMN email TEXT NOT NULL DEFAULT '';
  ${statusUpdate('applications.user_id')};
  UPDATE applications SET email = (SELECT username FROM users WHERE id = applications.user_id);
  CREATE TRIGGER applications_status_insert AFTER INSERT ON applications BEGIN
    ${statusUpdate('NEW.user_id', 'email = (SELECT username FROM users WHERE id = NEW.user_id),')};
  END;
  CREATE TRIGGER applications_status_update AFTER UPDATE OF version, submitted_at ON applications
    WHEN (OLD.version = 0) IS NOT (NEW.version = 0) OR (OLD.submitted_at IS NULL) IS NOT (NEW.submitted_at IS NULL) BEGIN
    ${statusUpdate('NEW.user_id')};
  END;
  CREATE TRIGGER applications_status_confirmed AFTER UPDATE OF confirmed_at ON users
    WHEN (OLD.confirmed_at IS NULL) IS NOT (NEW.confirmed_at IS NULL) BEGIN
    ${statusUpdate('NEW.id')};
  END;
  CREATE TRIGGER applications_status_validating AFTER INSERT ON web_status_events WHEN NEW.web_status = 'validating' BEGIN
    ${statusUpdate('NEW.user_id')};
  END;
  CREATE TRIGGER applications_status_not_validating AFTER DELETE ON web_status_events WHEN OLD.web_status = 'validating' BEGIN
    ${statusUpdate('OLD.user_id')};
  END;
  CREATE TRIGGER applications_email AFTER UPDATE OF username ON users WHEN NEW.username IS NOT OLD.username BEGIN
    UPDATE applications SET email = NEW.username WHERE user_id = NEW.id;
  END;

  -- The folded name and the e-mail address as trigrams: a search of three characters or more that
  -- few applicants match finds them here (the list checks each against its exact rule). rowid is
  -- the applicant's id.
  CREATE VIRTUAL TABLE application_search USING fts5(name, email, tokenize = 'trigram');
  INSERT INTO application_search (rowid, name, email) SELECT user_id, search_name, email FROM applications;
  CREATE TRIGGER application_search_insert AFTER INSERT ON applications BEGIN
    INSERT INTO application_search (rowid, name, email) VALUES (NEW.user_id, NEW.search_name, (SELECT username FROM users WHERE id = NEW.user_id));
  END;
  CREATE TRIGGER application_search_update AFTER UPDATE OF search_name, email ON applications
    WHEN NEW.search_name IS NOT OLD.search_name OR NEW.email IS NOT OLD.email BEGIN
    UPDATE application_search SET name = NEW.search_name, email = NEW.email WHERE rowid = NEW.user_id;
  END;
  CREATE TRIGGER application_search_delete AFTER DELETE ON applications BEGIN
    DELETE FROM application_search WHERE rowid = OLD.user_id;
  END;

  -- What each list call reads, never the row that holds the answers: the counts per status
  -- without dates read the index that leads with the status (a search is checked in it), with
  -- dates the one that leads with the submission time, for the applicants the trigrams found the
  -- one that leads with the id (it replaces the one the counts read before); the newest change
  -- first is read along an index of the listed applications alone; the counts of the whole list
  -- read the narrowest index.
  DROP INDEX applications_list;
  DROP INDEX applications_updated;
  CREATE INDEX applications_status ON applications(status, search_name, email, submitted_at) WHERE status IS NOT NULL;
  CREATE INDEX applications_submitted_status ON applications(submitted_at, status, search_name, email) WHERE status IS NOT NULL;
  CREATE INDEX applications_list ON applications(user_id, status, submitted_at, search_name, email);
  CREATE INDEX applications_updated ON applications(updated_at, search_name, email) WHERE status IS NOT NULL;
  CREATE INDEX applications_status_only ON applications(status) WHERE status IS NOT NULL;
  `;

/**
 * Writes the status an office reads on the application of the applicant `userId` names: none
 * before the account is confirmed; submitted; missing information (the web status reached
 * validating); an account without any saved answer; else started (`alsoSet`: other columns the
 * same statement writes). Part of a released migration:
 * a change to the rule is a new migration that replaces the triggers.
 */
function statusUpdate(userId: string, alsoSet = ''): string {
  return `UPDATE applications SET ${alsoSet} status = CASE
      WHEN (SELECT confirmed_at FROM users WHERE id = applications.user_id) IS NULL THEN NULL
      WHEN submitted_at IS NOT NULL THEN 'submitted'
      WHEN EXISTS (SELECT 1 FROM web_status_events w WHERE w.user_id = applications.user_id AND w.web_status = 'validating')
        THEN 'missing_information'
      WHEN version = 0 THEN 'account_only' ELSE 'started' END
    WHERE user_id = ${userId}`;
}
