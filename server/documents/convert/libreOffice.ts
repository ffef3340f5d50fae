import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOCUMENT_MESSAGES } from '../messages';
import { ConversionRefused } from './conversionRefused';

/**
 * docx → PDF with LibreOffice, as a child process (off the event loop by nature). Each job gets
 * its own throw-away profile (two soffice runs sharing a profile block each other), its own
 * folder, a bare environment, and a time limit after which the whole process group is killed.
 *
 * LibreOffice runs inside a sandbox, so that whatever a document asks for, it can neither reach
 * the network nor read the server's files: with bubblewrap (bwrap), in new namespaces with no
 * network, seeing only the system's programs and libraries (read-only) and its own work folder;
 * without bwrap, `unshare` at least gives it a network namespace of its own (no network). With
 * neither, LibreOffice is not used (conversionConfig).
 */

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (pathVariable: string | undefined, names: readonly string[]) =>
  (pathVariable ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '')
    .flatMap((dir) => names.map((name) => join(dir, name)))
    .find(executable);

export function findLibreOffice(pathVariable: string | undefined, explicit?: string): string | undefined {
  if (explicit) return executable(explicit) ? explicit : undefined;
  return onPath(pathVariable, ['soffice', 'libreoffice']);
}

/** How LibreOffice is confined: bwrap (no network, only system paths and its folder) or unshare (no network). */
export interface Sandbox {
  kind: 'bwrap' | 'unshare';
  program: string;
}

/** The system folders a program needs to start, read-only; merged-/usr systems have /bin etc. as links. */
function systemPaths(binary: string): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64']) {
    let isLink: boolean | undefined;
    try {
      isLink = lstatSync(dir).isSymbolicLink();
    } catch {
      continue;
    }
    if (isLink) args.push('--symlink', realpathSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  for (const file of ['/etc/fonts', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/libreoffice', '/etc/alternatives']) {
    args.push('--ro-bind-try', file, file);
  }
  // A LibreOffice installed outside /usr (SOFFICE_PATH=/opt/…/program/soffice): its installation folder too.
  const installation = dirname(dirname(realpathSync(binary)));
  if (installation !== '/usr' && !installation.startsWith('/usr/')) args.push('--ro-bind', installation, installation);
  return args;
}

/** The command line that runs `command` in the sandbox, seeing `workDir` (read-write) and nothing else of ours. */
function sandboxed(sandbox: Sandbox, workDir: string, binary: string, command: readonly string[]): string[] {
  if (sandbox.kind === 'unshare') return [sandbox.program, '--net', '--map-root-user', '--', ...command];
  return [
    sandbox.program,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    ...systemPaths(binary),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    workDir,
    workDir,
    '--chdir',
    workDir,
    '--',
    ...command,
  ];
}

/**
 * The sandbox this machine offers, found on PATH and tried once (a bwrap that cannot create
 * namespaces here fails at once): bwrap first, then unshare.
 */
export function findSandbox(pathVariable: string | undefined, binary: string): Sandbox | undefined {
  const work = tmpdir();
  const candidates: Sandbox[] = [];
  const bwrap = onPath(pathVariable, ['bwrap']);
  if (bwrap) candidates.push({ kind: 'bwrap', program: bwrap });
  const unshare = onPath(pathVariable, ['unshare']);
  if (unshare) candidates.push({ kind: 'unshare', program: unshare });
  const probe = executable('/usr/bin/true') ? '/usr/bin/true' : '/bin/true';
  return candidates.find((sandbox) => {
    const [program, ...args] = sandboxed(sandbox, work, binary, [probe]);
    return spawnSync(program!, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  });
}

class LibreOfficeFailed extends Error {}

export async function convertWithLibreOffice(
  binary: string,
  sandbox: Sandbox,
  docx: Buffer,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Buffer> {
  const workDir = await mkdtemp(join(tmpdir(), 'admissions-soffice-'));
  try {
    const input = join(workDir, 'document.docx');
    const outDir = join(workDir, 'out');
    await writeFile(input, docx, { mode: 0o600 });
    const [program, ...args] = sandboxed(sandbox, workDir, binary, [
      binary,
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
    ]);
    await run(program!, args, { binary, cwd: workDir, timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      return await readFile(join(outDir, 'document.pdf'));
    } catch {
      throw new LibreOfficeFailed('LibreOffice produced no PDF');
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function run(
  program: string,
  args: string[],
  options: { binary: string; cwd: string; timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      // A new process group, so the timeout kills soffice.bin as well as its launcher.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Nothing of the server's environment (secrets included) reaches the converter.
      env: {
        PATH: `${dirname(options.binary)}:/usr/local/bin:/usr/bin:/bin`,
        HOME: options.cwd,
        LANG: 'C.UTF-8',
        SAL_USE_VCLPLUGIN: 'svp',
      },
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
    // A document LibreOffice cannot convert in time would not convert on a second try either.
    const timer = setTimeout(() => {
      kill();
      reject(new ConversionRefused(DOCUMENT_MESSAGES.tooComplex));
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
