import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { z } from 'zod';
import { type CachedReply, type ContentCoding, cachedAnswer } from './cached-reply.ts';
import { requestIdFor } from './request-id.ts';
import type { SecurityHeaders } from './security-headers.ts';
import { knownPolledQuery, parsePolledQuery } from './validation.ts';

/**
 * What a public read answers for a request's query string (without the `?`): its reply, ready in memory or a
 * promise while it loads, or undefined for a query string that must go through Fastify's route (one not yet
 * validated there: the route answers it, and its refusal names the field).
 */
export type PublicReadSource = (queryString: string) => CachedReply | Promise<CachedReply> | undefined;

interface ServedRead {
  readonly cacheControl: string;
  readonly source: PublicReadSource;
}

/** A response head as a flat list (name, value, name, value…), the request id's value first. */
type HeadTemplate = readonly string[];
const REQUEST_ID_VALUE_INDEX = 1;

/** An answer ready to send: its status, its head (the request id's value left empty) and its body. */
export interface PreparedAnswer {
  readonly status: 200 | 304;
  readonly head: HeadTemplate;
  readonly body: Buffer | undefined;
}

interface ReplyHeads {
  readonly cacheControl: string;
  readonly notModified: HeadTemplate;
  readonly byCoding: Map<ContentCoding, HeadTemplate>;
}

/** One of the timeouts Fastify fills in with its defaults before it calls a serverFactory. */
function numberOption(options: Record<string, unknown>, name: string): number {
  const value = options[name];
  if (typeof value !== 'number') throw new Error(`invariant: Fastify gave its serverFactory no ${name}`);
  return value;
}

/**
 * Writes the answers of the public reads (the app shell, the app configuration, the catalogue, the colour
 * history) straight onto Node's response, from heads made once per reply: every header the rest of the app
 * sends (its security headers and the request id), the validator and the caching headers, the body in the
 * smallest coding the client accepts, or 304.
 *
 * These reads are the same for everyone and are polled by every screen and every bot, and everything in
 * their answer is known before the request arrives. Through Fastify, each request was routed, ran the app's
 * hooks and set a dozen headers one by one on a fresh object; here `serverFactory` answers a GET or HEAD of a
 * served path whose reply is ready before Fastify's routing, and hands Node one prepared list (bench/reads,
 * sessions 8 and 9). Everything else goes on to Fastify: other paths and methods, a reply still loading, a
 * query string not yet validated, and every request once the app is closing. Each read's Fastify route writes
 * through the same methods (registerPublicRead), so both paths answer byte for byte the same.
 */
export class PublicReadAnswers {
  private readonly reads = new Map<string, ServedRead>();
  private accepting = true;
  private readonly headsByReply = new WeakMap<CachedReply, ReplyHeads>();

  constructor(private readonly securityHeaders: SecurityHeaders) {}

  /** Answers GET and HEAD of `path` (exactly; any query string goes to `source`) from now on. */
  serve(path: string, cacheControl: string, source: PublicReadSource): void {
    if (!path.startsWith('/') || path.includes('?')) {
      throw new Error(`invariant: a public read's path is a plain absolute path, got ${path}`);
    }
    if (this.reads.has(path)) throw new Error(`invariant: ${path} is served twice`);
    this.reads.set(path, { cacheControl, source });
  }

  /** Stops answering before Fastify's routing (the app is closing: Fastify answers what still arrives). */
  stop(): void {
    this.accepting = false;
  }

  /**
   * The answer of `reply` to this request: 304 or the body in the client's coding, with its head. Everything
   * that can fail (a body's first compression) happens here, before anything is sent.
   */
  prepare(request: IncomingMessage, reply: CachedReply, cacheControl: string): PreparedAnswer {
    const answer = cachedAnswer(reply, request.headers['if-none-match'], request.headers['accept-encoding']);
    const heads = this.headsOf(reply, cacheControl);
    if (answer.notModified) return { status: 304, head: heads.notModified, body: undefined };
    const head = this.codingHead(heads, reply.contentType, answer.coding, answer.body.length);
    return { status: 200, head, body: answer.body };
  }

  /** Sends a prepared answer; `requestId` is the request's X-Request-Id. */
  send(response: ServerResponse, answer: PreparedAnswer, requestId: string): void {
    const head = answer.head.slice();
    head[REQUEST_ID_VALUE_INDEX] = requestId;
    response.writeHead(answer.status, head);
    // Node sends no body to a HEAD request; Content-Length still says the GET's length.
    response.end(answer.body);
  }

  /** Answers a GET or HEAD of a served path whose reply is ready; false for anything else (Fastify's). */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.accepting) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const read = this.reads.get(queryStart === -1 ? url : url.slice(0, queryStart));
    if (!read) return false;
    let answer: PreparedAnswer;
    try {
      const reply = read.source(queryStart === -1 ? '' : url.slice(queryStart + 1));
      if (reply === undefined) return false;
      if (reply instanceof Promise) {
        // The route asks again and waits for the same load (the cache shares one load per key); its failure
        // is answered there.
        reply.catch(() => undefined);
        return false;
      }
      answer = this.prepare(request, reply, read.cacheControl);
    } catch {
      // Nothing was sent: Fastify's route asks again, and answers and logs the error.
      return false;
    }
    this.send(response, answer, requestIdFor(request));
    return true;
  }

  /**
   * Fastify's serverFactory: the HTTP server Fastify would make (its timeouts included), with the served
   * public reads answered before Fastify's routing.
   */
  readonly serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!this.tryAnswer(request, response)) fastifyHandler(request, response);
    });
    server.keepAliveTimeout = numberOption(options, 'keepAliveTimeout');
    server.requestTimeout = numberOption(options, 'requestTimeout');
    server.setTimeout(numberOption(options, 'connectionTimeout'));
    const maxRequestsPerSocket = numberOption(options, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  private headsOf(reply: CachedReply, cacheControl: string): ReplyHeads {
    let heads = this.headsByReply.get(reply);
    if (heads?.cacheControl !== cacheControl) {
      const common = [
        ...Object.entries(this.securityHeaders).flat(),
        'etag',
        reply.etag,
        'cache-control',
        cacheControl,
        'vary',
        'accept-encoding',
      ];
      heads = { cacheControl, notModified: ['x-request-id', '', ...common], byCoding: new Map() };
      this.headsByReply.set(reply, heads);
    }
    return heads;
  }

  private codingHead(
    heads: ReplyHeads,
    contentType: string,
    coding: ContentCoding,
    length: number,
  ): HeadTemplate {
    let head = heads.byCoding.get(coding);
    if (!head) {
      head = [
        ...heads.notModified,
        'content-type',
        contentType,
        ...(coding === 'identity' ? [] : ['content-encoding', coding]),
        'content-length',
        String(length),
      ];
      heads.byCoding.set(coding, head);
    }
    return head;
  }
}

/**
 * Route options of the public reads every screen and every bot polls: their answered requests are not
 * written to the log one line each (a quarter of such a request's CPU went into its log line); warnings and
 * errors still are.
 */
const PUBLIC_READ_ROUTE_OPTIONS = { logLevel: 'warn' } as const;

/** A public read: the same answer for everyone, kept serialized between changes. */
export interface PublicRead<Query> {
  readonly cacheControl: string;
  /** The reply for a validated query: ready in memory, or a promise while it loads. */
  reply(query: Query): CachedReply | Promise<CachedReply>;
}

/**
 * Registers GET (and HEAD) `path` as a public read: answered before Fastify's routing whenever its reply is
 * ready (`answers.serverFactory`), and by this route otherwise, through the same methods. With `query`, the
 * query string is validated by it (a refusal is a 400 naming the field, from the route); without, any query
 * string is accepted and ignored (`/?utm_source=…`).
 */
export function registerPublicRead<Schema extends z.ZodType>(
  app: FastifyInstance,
  answers: PublicReadAnswers,
  path: string,
  read: PublicRead<Readonly<z.output<Schema>>> & { readonly query: Schema },
): void;
export function registerPublicRead(
  app: FastifyInstance,
  answers: PublicReadAnswers,
  path: string,
  read: PublicRead<undefined>,
): void;
export function registerPublicRead(
  app: FastifyInstance,
  answers: PublicReadAnswers,
  path: string,
  read: PublicRead<unknown> & { readonly query?: z.ZodType },
): void {
  const { query: schema, cacheControl } = read;
  answers.serve(path, cacheControl, (queryString) => {
    if (!schema) return read.reply(undefined);
    // Only query strings the route has validated before are answered here.
    const query = knownPolledQuery(schema, queryString);
    return query === undefined ? undefined : read.reply(query);
  });
  app.get(path, PUBLIC_READ_ROUTE_OPTIONS, (request, reply) => {
    const value = read.reply(schema ? parsePolledQuery(schema, request) : undefined);
    const answer = (cached: CachedReply): void => {
      // Prepared before the hijack, so a failure is still Fastify's to answer and log.
      const prepared = answers.prepare(request.raw, cached, cacheControl);
      reply.hijack();
      answers.send(reply.raw, prepared, request.id);
    };
    if (value instanceof Promise) return value.then(answer);
    answer(value);
    return undefined;
  });
}
