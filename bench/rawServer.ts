import { createServer } from 'node:http';

/**
 * The baseline: a bare node:http server answering the same bytes as the real one, in its own
 * process like the real one. It reads and drops request bodies, as the real server must read them.
 */
const profileBody = Buffer.from(process.env.RAW_PROFILE_BODY ?? '{}');
const saveBody = Buffer.from(process.env.RAW_SAVE_BODY ?? '{}');
const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const server = createServer((request, response) => {
  const body = request.method === 'PUT' ? saveBody : profileBody;
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
