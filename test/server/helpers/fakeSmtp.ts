import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakeSmtp {
  url: string;
  /** The raw DATA of every message accepted. */
  messages: string[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP for nodemailer (no TLS, no auth): accepts every message, answering the end of
 * its DATA after `acceptAfterMs`, so a test can have a delivery in progress when something happens.
 */
export async function startFakeSmtp(options: { acceptAfterMs?: number } = {}): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const message = data;
          data = '';
          setTimeout(() => {
            messages.push(message);
            if (!socket.destroyed) socket.write('250 queued\r\n');
          }, options.acceptAfterMs ?? 0);
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
