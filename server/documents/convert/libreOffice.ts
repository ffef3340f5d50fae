import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * docx → PDF with LibreOffice, as a child process (off the event loop by nature). Each job gets
 * its own throw-away profile (two soffice runs sharing a profile block each other), its own
 * folder, a bare environment, and a time limit after which the whole process group is killed.
 */

export function findLibreOffice(pathVariable: string | undefined, explicit?: string): string | undefined {
  const candidates = explicit
    ? [explicit]
    : (pathVariable ?? '').split(delimiter).flatMap((dir) => [join(dir, 'soffice'), join(dir, 'libreoffice')]);
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

class LibreOfficeFailed extends Error {}

export async function convertWithLibreOffice(
  binary: string,
  docx: Buffer,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Buffer> {
  const workDir = await mkdtemp(join(tmpdir(), 'admissions-soffice-'));
  try {
    const input = join(workDir, 'document.docx');
    const outDir = join(workDir, 'out');
    await writeFile(input, docx, { mode: 0o600 });
    await run(
      binary,
      [
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--nologo',
        `-env:UserInstallation=${pathToFileURL(join(workDir, 'profile')).href}`,
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        outDir,
        input,
      ],
      { cwd: workDir, timeoutMs: options.timeoutMs, signal: options.signal },
    );
    try {
      return await readFile(join(outDir, 'document.pdf'));
    } catch {
      throw new LibreOfficeFailed('LibreOffice produced no PDF');
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function run(binary: string, args: string[], options: { cwd: string; timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd: options.cwd,
      // A new process group, so the timeout kills soffice.bin as well as its launcher.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Nothing of the server's environment (secrets included) reaches the converter.
      env: { PATH: `${dirname(binary)}:/usr/local/bin:/usr/bin:/bin`, HOME: options.cwd, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      kill();
      reject(new LibreOfficeFailed(`LibreOffice took longer than ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const onAbort = () => {
      kill();
      reject(new LibreOfficeFailed('stopped'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new LibreOfficeFailed(`LibreOffice could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else reject(new LibreOfficeFailed(`LibreOffice exited with ${code ?? signal}: ${stderr.trim().slice(0, 300)}`));
    });
  });
}
