import { parentPort } from 'node:worker_threads';
import { ConversionRefused } from '../documents/convert/conversionRefused';
import { performTask, type WorkerReply, type WorkerTask } from './workerTasks';

/**
 * Entry of a conversion worker thread: runs one task at a time and answers with the bytes
 * (transferred, not copied) or with the reason it failed. A ConversionRefused keeps its message
 * for the applicant; any other error is reported by name only.
 */
parentPort?.on('message', (message: { id: number; task: WorkerTask }) => void answer(message));

async function answer({ id, task }: { id: number; task: WorkerTask }): Promise<void> {
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    let value = await performTask(task);
    if (value instanceof Uint8Array) {
      // Small Buffers share a pooled ArrayBuffer; transferring that would detach the pool, so those are copied.
      const owned = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : new Uint8Array(value);
      transfer.push(owned.buffer as ArrayBuffer);
      value = owned;
    }
    reply = { id, ok: true, value };
  } catch (error) {
    reply =
      error instanceof ConversionRefused
        ? { id, ok: false, refused: true, message: error.userMessage }
        : {
            id,
            ok: false,
            refused: false,
            message: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error',
          };
  }
  parentPort?.postMessage(reply, transfer);
}
