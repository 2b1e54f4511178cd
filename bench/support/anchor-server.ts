/**
 * The anchors of the HTTP benchmarks: a bare Fastify hello-world and a bare node:http hello-world, each in
 * its own process, so that a benchmark can print every rate as a ratio to bare Fastify measured on the same
 * machine in the same run (absolute rates of the same code differ by 2× between two machines of the same
 * kind, and by a third on one machine over an hour).
 *
 *   node --import tsx bench/support/anchor-server.ts fastify|node-http <port>
 *
 * Both answer `{"hello":"world"}` to GET / and print "listening" once they accept connections.
 */

import http from 'node:http';
import Fastify from 'fastify';
import { keepTickObjectShapesAlive } from '../../apps/server/src/platform/tick-object-shapes.ts';

// The anchors get the server's protection against idle collections too, so that neither side of a ratio
// runs in the slow state an idle full collection can leave Node 20 in (tick-object-shapes.ts).
keepTickObjectShapesAlive();

const kind = process.argv[2];
const port = Number(process.argv[3]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: anchor-server.ts fastify|node-http <port>');

if (kind === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
} else if (kind === 'node-http') {
  const body = JSON.stringify({ hello: 'world' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
} else {
  throw new Error(`unknown anchor ${kind}`);
}
process.stdout.write('listening\n');
process.on('SIGTERM', () => process.exit(0));
