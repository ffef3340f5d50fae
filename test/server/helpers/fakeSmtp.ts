import { createServer, type AddressInfo, type Socket } from 'node:net';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough of an SMTP server (RFC 5321, no TLS, no auth) for nodemailer to deliver to: it
 * keeps every message it accepts, so a test can see what left the application. It answers the end
 * of a message's DATA after `acceptAfterMs`, so a test can have a delivery in progress when
 * something happens.
 */
export async function startFakeSmtp(options: { acceptAfterMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = { ...current, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          current = { from: '', to: [], data: '' };
          setTimeout(() => {
            received.push(message);
            if (!socket.destroyed) reply('250 OK queued');
          }, options.acceptAfterMs ?? 0);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
