import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { type CachedReply, type ContentCoding, cachedAnswer } from './cached-reply.ts';
import { requestIdFor } from './request-id.ts';
import type { SecurityHeaders } from './security-headers.ts';

/** The page for `/`, usually ready in memory and a promise while its content loads. */
export type AppShellPage = () => CachedReply | Promise<CachedReply>;

/** A response head as a flat list (name, value, name, value…), the request id's value first. */
type HeadTemplate = readonly string[];
const REQUEST_ID_VALUE_INDEX = 1;

interface PageHeads {
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
 * Writes the app shell's answers (GET and HEAD of `/`) straight onto Node's response, from heads made once per
 * page: every header the rest of the app sends (its security headers and the request id), the validator and
 * the caching headers, the body in the smallest coding the browser accepts, or 304.
 *
 * `/` is the most requested document, and everything in its answer is known before the request arrives.
 * Through Fastify, each request was routed, ran the app's hooks and set its thirteen headers one by one on a
 * fresh object; here `serverFactory` answers it before Fastify's routing and hands Node one prepared list
 * (bench/reads, "Session 8": 0.56–0.61 of bare Fastify before, 0.66–0.79 after). Fastify's route for `/`
 * writes through the same method, so both paths answer byte for byte the same.
 */
export class AppShellAnswers {
  private page: AppShellPage | undefined;
  private accepting = true;
  private readonly headsByPage = new WeakMap<CachedReply, PageHeads>();

  constructor(
    private readonly securityHeaders: SecurityHeaders,
    private readonly cacheControl: string,
  ) {}

  /** Serves `page` for `/` from now on. */
  serve(page: AppShellPage): void {
    this.page = page;
  }

  /** Stops answering before Fastify's routing (the app is closing: Fastify answers what still arrives). */
  stop(): void {
    this.accepting = false;
  }

  /** Writes `page`'s answer to this request; `requestId` is the request's X-Request-Id. */
  write(request: IncomingMessage, response: ServerResponse, page: CachedReply, requestId: string): void {
    const answer = cachedAnswer(page, request.headers['if-none-match'], request.headers['accept-encoding']);
    const heads = this.headsOf(page);
    const template = answer.notModified
      ? heads.notModified
      : this.codingHead(heads, page.contentType, answer.coding, answer.body.length);
    const head = template.slice();
    head[REQUEST_ID_VALUE_INDEX] = requestId;
    if (answer.notModified) {
      response.writeHead(304, head);
      response.end();
      return;
    }
    response.writeHead(200, head);
    // Node sends no body to a HEAD request; Content-Length still says the GET's length.
    response.end(answer.body);
  }

  /**
   * Answers a request for `/` (GET or HEAD, any query) whose page is ready; false for anything else, which
   * goes on to Fastify (a page still loading included: its route waits for it).
   */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.page || !this.accepting) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    if (url !== '/' && !url.startsWith('/?')) return false;
    const page = this.page();
    if (page instanceof Promise) return false;
    this.write(request, response, page, requestIdFor(request));
    return true;
  }

  /**
   * Fastify's serverFactory: the HTTP server Fastify would make (its timeouts included), with `/` answered
   * before Fastify's routing.
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

  private headsOf(page: CachedReply): PageHeads {
    let heads = this.headsByPage.get(page);
    if (!heads) {
      const common = [
        ...Object.entries(this.securityHeaders).flat(),
        'etag',
        page.etag,
        'cache-control',
        this.cacheControl,
        'vary',
        'accept-encoding',
      ];
      heads = { notModified: ['x-request-id', '', ...common], byCoding: new Map() };
      this.headsByPage.set(page, heads);
    }
    return heads;
  }

  private codingHead(
    heads: PageHeads,
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
