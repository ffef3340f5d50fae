import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a Node program that prints `"url":"http://…"` once it listens, and waits for that line. */
export async function startChild(script: string, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolveUrl(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output.slice(-2000)}`)));
  });
  // Keep draining output so the child never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
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
