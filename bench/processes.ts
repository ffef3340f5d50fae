import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a Node program that prints `"url":"http://…"` once it listens, and waits for that line.
 * TypeScript runs through tsx; JavaScript (`scripts/start.mjs`, what `npm start` runs) with plain node.
 */
export async function startChild(script: string, env: Record<string, string>): Promise<ChildServer> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail of the output is kept (for an error message): the server logs every request,
  // and a parent that kept and searched all of it would compete with the load generator for CPU.
  let tail = '';
  const keepTail = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      keepTail(chunk);
      const match = /"url":"(http:\/\/[^"]+)"/.exec(tail);
      if (!match) return;
      child.stdout.off('data', onData);
      resolveUrl(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', keepTail);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${tail.slice(-2000)}`)));
  });
  // Keep draining output so the child never blocks on a full pipe.
  child.stdout.resume();
  return {
    url,
    child,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
