import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { findLibreOffice } from '../../../server/documents/convert/libreOffice';

const run = promisify(execFile);

function findExecutable(name: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find((candidate) => {
      try {
        accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** pdftotext (poppler-utils) reads what a PDF really shows; tests that need it skip, saying so, when it is missing. */
export const PDFTOTEXT = findExecutable('pdftotext');
/** pdftoppm (poppler-utils too) renders a page to pixels. */
export const PDFTOPPM = findExecutable('pdftoppm');
export const LIBREOFFICE = findLibreOffice(process.env.PATH);

/**
 * A test's name and whether to skip it: when a tool is missing, the name says which one, so the
 * report shows why it did not run (CI installs both).
 */
export function needing(name: string, tools: { pdftotext?: boolean; pdftoppm?: boolean; libreoffice?: boolean }): [name: string, skip: boolean] {
  const missing = [
    tools.pdftotext && !PDFTOTEXT ? 'pdftotext (poppler-utils)' : undefined,
    tools.pdftoppm && !PDFTOPPM ? 'pdftoppm (poppler-utils)' : undefined,
    tools.libreoffice && !LIBREOFFICE ? 'LibreOffice (soffice on PATH)' : undefined,
  ].filter(Boolean);
  return missing.length === 0 ? [name, false] : [`${name} — skipped: ${missing.join(' and ')} not installed`, true];
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  if (!PDFTOTEXT) throw new Error('pdftotext is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, bytes);
    const { stdout } = await run(PDFTOTEXT, ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
