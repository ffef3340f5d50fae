import { Worker } from 'node:worker_threads';
import { ConversionRefused } from '../documents/convert/conversionRefused';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { RUNS_FROM_SOURCES } from '../runtimeLayout';
import type { WorkerOutputs, WorkerReply, WorkerTask } from './workerTasks';

/**
 * A few long-lived worker threads for conversions and PDF copies, so the event loop that answers
 * requests never runs pdfkit, pdf-lib or mammoth. A task that runs past its time limit takes its
 * thread down with it (terminated and replaced); the other threads are not affected.
 *
 * Each thread's JavaScript heap is capped (memoryLimitMb). A task that reaches the cap ends its
 * thread too, and is refused (ConversionRefused, never retried): a thread runs one task at a
 * time, so it was that file that needed the memory, and it would again. The cap does not cover
 * Buffers and ArrayBuffers (measured: a thread capped at 64 MB allocated 1 GB of Buffers), which
 * is why the converters bound what they allocate themselves (contentLimits).
 */
export interface WorkerPool {
  /** Starts one thread ahead of the first task (loading the PDF libraries takes a moment). */
  warm(): void;
  run<K extends WorkerTask['kind']>(task: Extract<WorkerTask, { kind: K }>, timeoutMs: number): Promise<WorkerOutputs[K]>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  task: WorkerTask;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current?: Pending & { timer: NodeJS.Timeout };
}

/**
 * The threads' code. From the server build it is the bundle beside this one, build/server/worker.js,
 * run by plain node. From the sources (vitest, `npm run dev`), a thread does not inherit tsx's
 * loader, so workerBoot.mjs registers it and then imports worker.ts.
 */
const WORKER_SCRIPT = RUNS_FROM_SOURCES
  ? { file: new URL('./workerBoot.mjs', import.meta.url), workerData: { entry: new URL('./worker.ts', import.meta.url).href } }
  : { file: new URL('./worker.js', import.meta.url), workerData: undefined };

export function createWorkerPool(options: { size: number; memoryLimitMb?: number }): WorkerPool {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_SCRIPT.file, {
      workerData: WORKER_SCRIPT.workerData,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb ?? 512 },
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => {
      const current = slot.current;
      if (!current || current.id !== reply.id) return;
      clearTimeout(current.timer);
      slot.current = undefined;
      if (reply.ok) current.resolve(reply.value);
      else current.reject(reply.refused ? new ConversionRefused(reply.message) : new Error(reply.message));
      dispatch();
    });
    const lose = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (slot.current) {
        clearTimeout(slot.current.timer);
        slot.current.reject(error);
        slot.current = undefined;
      }
      dispatch();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      lose(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ConversionRefused(DOCUMENT_MESSAGES.tooComplex)
          : new Error(`worker failed: ${error.message}`),
      ),
    );
    worker.on('exit', (code) => lose(new Error(`worker exited with ${code}`)));
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((candidate) => !candidate.current) ?? (slots.length < options.size ? spawn() : undefined);
      if (!slot) return;
      const pending = queue.shift()!;
      const timer = setTimeout(() => {
        const current = slot.current;
        slot.current = undefined;
        const index = slots.indexOf(slot);
        if (index >= 0) slots.splice(index, 1);
        void slot.worker.terminate();
        // A conversion that ran out of time would again: it failed on its input and is not retried.
        current?.reject(
          pending.task.kind === 'copy'
            ? new Error(`PDF copy took longer than ${pending.timeoutMs} ms`)
            : new ConversionRefused(DOCUMENT_MESSAGES.tooComplex),
        );
        dispatch();
      }, pending.timeoutMs);
      slot.current = { ...pending, timer };
      slot.worker.postMessage({ id: pending.id, task: pending.task });
    }
  }

  return {
    warm() {
      if (!closed && slots.length === 0) spawn();
    },
    run(task, timeoutMs) {
      if (closed) return Promise.reject(new Error('worker pool closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, task, timeoutMs, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopped = new Error('worker pool closed');
      for (const pending of queue.splice(0)) pending.reject(stopped);
      const running = slots.splice(0);
      for (const slot of running) {
        if (slot.current) {
          clearTimeout(slot.current.timer);
          slot.current.reject(stopped);
          slot.current = undefined;
        }
      }
      await Promise.all(running.map((slot) => slot.worker.terminate()));
    },
  };
}
