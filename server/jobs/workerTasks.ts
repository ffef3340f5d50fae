import { checkDocx, docxToPdfWithoutLibreOffice } from '../documents/convert/docxToPdf';
import { imageToPdf } from '../documents/convert/imageToPdf';
import { normalisePdf } from '../documents/convert/pdfToPdf';
import { renderApplicationCopy, type CopyInput } from '../pdf/renderCopy';

/** The CPU-heavy work a worker thread does, by name; the job handlers send these through the pool. */
export type WorkerTask =
  | { kind: 'image'; bytes: Uint8Array }
  | { kind: 'pdf'; bytes: Uint8Array }
  | { kind: 'docx'; bytes: Uint8Array }
  | { kind: 'docx-check'; bytes: Uint8Array }
  | { kind: 'copy'; input: CopyInput };

export interface WorkerOutputs {
  image: Uint8Array;
  pdf: Uint8Array;
  docx: Uint8Array;
  'docx-check': Uint8Array;
  copy: Uint8Array;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; refused: boolean; message: string };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function performTask(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case 'image':
      return imageToPdf(asBuffer(task.bytes));
    case 'pdf':
      return normalisePdf(task.bytes);
    case 'docx':
      return docxToPdfWithoutLibreOffice(asBuffer(task.bytes));
    case 'docx-check':
      return checkDocx(asBuffer(task.bytes));
    case 'copy':
      return renderApplicationCopy(task.input);
  }
}
