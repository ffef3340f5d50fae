import { findApplication, listAddAnother } from '../../db/applications';
import type { Answers } from '../../src/catalogue/dataModel';
import type { Db } from '../../db/connection';
import { listCompletedConversions } from '../../db/documents';
import type { JobRow } from '../../db/jobs';
import { copyFingerprint, findCopy, recordCopyFailure, saveRenderedCopy } from '../../db/pdfCopies';
import { findUserById } from '../../db/users';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import type { CollegeConfig } from '../../src/college/schema';
import { addAnotherDefaults } from '../application/groups';
import type { Clock } from '../clock';
import { newCopyKey } from '../documents/objectKeys';
import type { JobHandler } from '../jobs/jobRunner';
import type { WorkerPool } from '../jobs/workerPool';
import type { ObjectStore } from '../storage/objectStore';
import type { AnswerStore } from '../application/answerStore';
import { referenceOf } from '../../src/catalogue/reference';

const COPY_MESSAGES = {
  failed: 'We could not make the PDF copy of your application. Please try again later.',
} as const;

interface CopyDeps {
  db: Db;
  answers: AnswerStore;
  clock: Clock;
  store: ObjectStore;
  pool: WorkerPool;
  secret: Buffer;
  college: CollegeConfig;
  timeoutMs: number;
}

/**
 * Makes an application's PDF copy: reads the application as it is now (answers, counts, converted
 * documents), renders it in a worker thread, stores the file and records it under the fingerprint
 * of what it read. Answers saved during the rendering make the fingerprint stale, and the next
 * status call queues another rendering.
 */
export function createCopyRenderer(deps: CopyDeps) {
  const { db, clock, store } = deps;

  /** The new copy's bytes; undefined when there is no such application, or when stopping. */
  async function render(userId: number, signal: AbortSignal): Promise<Buffer | undefined> {
    const snapshot = db.transaction(() => ({
      fingerprint: copyFingerprint(db, userId),
      application: findApplication(db, userId),
      user: findUserById(db, userId),
      addAnother: { ...addAnotherDefaults(), ...listAddAnother(db, userId) },
      documents: listCompletedConversions(db, userId),
      // Printed copies travel: sensitive answers appear masked, as in the staff view.
      sensitive: deps.answers.read(userId, 'masked') ?? {},
    }))();
    if (!snapshot.fingerprint || !snapshot.application || !snapshot.user) return undefined;
    const order = (key: string) => DOCUMENT_KEYS.indexOf(key as (typeof DOCUMENT_KEYS)[number]);
    const documents = [];
    for (const row of snapshot.documents.sort((a, b) => order(a.answer_key) - order(b.answer_key))) {
      const pdf = await store.get(row.converted_key!);
      if (pdf) documents.push({ answerKey: row.answer_key, fileName: row.file_name, pdf });
    }
    const now = clock.now();
    const bytes = await deps.pool.run(
      {
        kind: 'copy',
        input: {
          college: deps.college,
          username: snapshot.user.username,
          answers: { ...(JSON.parse(snapshot.application.answers) as Answers), ...snapshot.sensitive },
          addAnother: snapshot.addAnother,
          documents,
          submittedAt: snapshot.application.submitted_at,
          reference: referenceOf(userId, snapshot.application.submitted_at),
          renderedAt: now,
        },
      },
      deps.timeoutMs,
    );
    if (signal.aborted) return undefined;
    const objectKey = newCopyKey(deps.secret, userId);
    await store.put(objectKey, bytes, 'application/pdf');
    saveRenderedCopy(db, userId, snapshot.fingerprint, objectKey, clock.now());
    return Buffer.from(bytes);
  }

  return {
    render,
    /**
     * The copy of the application as it is now, as the applicant's download would give it: the
     * stored copy when it matches the answers, else a new rendering (stored as the copy).
     */
    async current(userId: number, signal: AbortSignal): Promise<Buffer | undefined> {
      const copy = findCopy(db, userId);
      if (copy?.status === 'completed' && copy.object_key && copy.fingerprint === copyFingerprint(db, userId)) {
        const stored = await store.get(copy.object_key);
        if (stored) return stored;
      }
      return render(userId, signal);
    },
  };
}

export type CopyRenderer = ReturnType<typeof createCopyRenderer>;

/** One 'render_copy' job: the copy made by the renderer; a copy that keeps failing is reported as failed. */
export function copyJobHandler(renderer: CopyRenderer, deps: Pick<CopyDeps, 'db' | 'clock'>): JobHandler {
  const { db, clock } = deps;
  return {
    async run(job: JobRow, signal: AbortSignal) {
      await renderer.render(job.user_id!, signal);
    },
    giveUp(job) {
      const fingerprint = copyFingerprint(db, job.user_id!);
      if (fingerprint) recordCopyFailure(db, job.user_id!, fingerprint, COPY_MESSAGES.failed, clock.now());
    },
  };
}
