import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** An answer read off a real socket, its body as sent (not decompressed). */
export interface SocketAnswer {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The body parsed as JSON (an identity-coded body). */
  // biome-ignore lint/suspicious/noExplicitAny: typed as app.inject's answer is, so tests read both alike.
  json(): any;
}

/**
 * One request to a listening server over a real socket, as a browser or a bot sends it: unlike
 * `app.inject`, it meets the HTTP server in front of Fastify (the public reads answered before routing).
 */
export function socketRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body,
          json: () => JSON.parse(body.toString('utf8')),
        });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Starts `app` on a free loopback port and answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}
