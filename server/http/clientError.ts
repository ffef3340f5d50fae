import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log';
import { UNREADABLE_REQUEST_MESSAGE } from './errors';
import { REQUEST_ID_HEADER, newRequestId } from './requestId';
import { securityHeaderList, type SecurityHeaderOptions } from './securityHeaders';

interface ClientErrorAnswer {
  status: number;
  reason: string;
  message: string;
}

/** The statuses Node itself would send for each parser error (lib/_http_server.js), with our messages. */
const ANSWERS: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', message: 'The request is too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' },
};
const BAD_REQUEST: ClientErrorAnswer = { status: 400, reason: 'Bad Request', message: UNREADABLE_REQUEST_MESSAGE };

/**
 * Requests Node's parser refuses (a malformed request line or header, headers over the size
 * limit, a request that never finished arriving) never reach Koa: Node answered them itself with a
 * bare status line. This answers them as Koa's answers are: the security headers, `no-store`, a
 * JSON `{message, request_id}`, the id in X-Request-Id and in a `client_error` log line (with the
 * parser's error code, never the bytes received); then the connection is closed.
 */
export function answerClientErrors(server: Server, options: SecurityHeaderOptions & { logger: Logger }): void {
  const securityHeaders = securityHeaderList(options)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own rule: nothing can be said on a connection that is gone, or whose current answer
    // has started (writing into it would corrupt it).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = (error.code && ANSWERS[error.code]) || BAD_REQUEST;
    const requestId = newRequestId();
    const body = JSON.stringify({ message: answer.message, request_id: requestId });
    options.logger.warn('client_error', { status: answer.status, code: error.code ?? 'unknown', request_id: requestId });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        securityHeaders +
        'Cache-Control: no-store\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      // http.Server allows half-open connections: close this one for good once the answer is out.
      () => socket.destroy(),
    );
  });
}
