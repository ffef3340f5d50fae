import { createServer, type RequestListener, type Server } from 'node:http';
import type { ServerConfig } from './config';

/** Node checks the header and request limits on this beat; its default (30 s) would let a limit run over by that much. */
const LIMIT_CHECK_MS = 1000;
/** While stopping, connections that finished their request are closed on this beat instead of waiting out their keep-alive. */
const IDLE_SWEEP_MS = 100;

/**
 * The HTTP server with its connection limits. A socket that sends nothing, or its headers a line
 * at a time, is closed once HEADERS_TIMEOUT_MS has passed without complete headers; one that
 * trickles its body, once REQUEST_TIMEOUT_MS has passed; an idle kept-alive connection, after
 * KEEP_ALIVE_TIMEOUT_MS. Silent sockets therefore cannot pile up until file handles run out.
 */
export function createHttpServer(listener: RequestListener, limits: ServerConfig['http']): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(LIMIT_CHECK_MS, Math.ceil(limits.headersTimeoutMs / 2)),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}

/**
 * Stops accepting connections at once, lets requests in flight finish, and closes each connection
 * as soon as it is idle. Whatever is still open after `timeoutMs` is cut. Resolves when no
 * connection is left.
 */
export function stopHttpServer(server: Server, timeoutMs: number): Promise<{ cut: boolean }> {
  return new Promise((resolve) => {
    let cut = false;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ cut });
    });
  });
}
