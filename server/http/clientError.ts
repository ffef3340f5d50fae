import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log';
import { METHOD_NOT_ALLOWED_MESSAGE, UNREADABLE_REQUEST_MESSAGE } from './errors';
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
const METHOD_NOT_ALLOWED: ClientErrorAnswer = { status: 405, reason: 'Method Not Allowed', message: METHOD_NOT_ALLOWED_MESSAGE };
/** The methods some call of the application answers. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE';

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
  /** Writes the whole answer, logs it under `event` with its id, and closes the connection. */
  const answerRaw = (socket: Duplex, answer: ClientErrorAnswer, event: string, fields: Record<string, unknown>) => {
    const requestId = newRequestId();
    const body = JSON.stringify({ message: answer.message, request_id: requestId });
    options.logger.warn(event, { status: answer.status, ...fields, request_id: requestId });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        securityHeaders +
        'Cache-Control: no-store\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        (answer.status === 405 ? `Allow: ${ALLOWED_METHODS}\r\n` : '') +
        'Connection: close\r\n\r\n' +
        body,
      // http.Server allows half-open connections: close this one for good once the answer is out.
      () => socket.destroy(),
    );
  };
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own rule: nothing can be said on a connection that is gone, or whose current answer
    // has started (writing into it would corrupt it).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answerRaw(socket, (error.code && ANSWERS[error.code]) || BAD_REQUEST, 'client_error', { code: error.code ?? 'unknown' });
  });
  // CONNECT (a tunnel request) never reaches Koa either: Node hands over the raw socket. The server
  // is no proxy, so it is refused like any other method it does not allow, never just cut off.
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    answerRaw(socket, METHOD_NOT_ALLOWED, 'client_error', { code: 'CONNECT' });
  });
}
