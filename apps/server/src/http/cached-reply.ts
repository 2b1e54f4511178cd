import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** Below this a compressed copy saves less than its own headers cost (as the web build's precompression). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli quality of replies made while the server runs: 5 compresses a 58 KB history in about a millisecond
 * to within a few percent of the best; files made once (the app shell) use the best quality.
 */
export const RUNTIME_BROTLI_QUALITY = 5;
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A reply serialized once and answered to every request until what it shows changes: the body, its
 * validator (a weak ETag, the same for every encoding of the body), and its Brotli and gzip copies, each
 * made the first time a client accepts it.
 */
export class CachedReply {
  readonly etag: string;
  private readonly brotliQuality: number;
  private brotliCopy: Buffer | undefined;
  private gzipCopy: Buffer | undefined;

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    options: { etag?: string; brotliQuality?: number } = {},
  ) {
    this.etag = options.etag ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    this.brotliQuality = options.brotliQuality ?? RUNTIME_BROTLI_QUALITY;
  }

  /** The body as Brotli (made on first use). */
  brotli(): Buffer {
    this.brotliCopy ??= zlib.brotliCompressSync(this.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
      },
    });
    return this.brotliCopy;
  }

  /** The body as gzip (made on first use). */
  gzip(): Buffer {
    this.gzipCopy ??= zlib.gzipSync(this.body, { level: zlib.constants.Z_BEST_COMPRESSION });
    return this.gzipCopy;
  }
}

/**
 * A JSON reply of `json` (already serialized); the previous reply is kept when the body is the same, so a
 * reload that found nothing new keeps its compressed copies and its ETag.
 */
export function cachedJsonReply(json: string, previous?: CachedReply): CachedReply {
  const body = Buffer.from(json);
  if (previous?.body.equals(body)) return previous;
  return new CachedReply(body, JSON_CONTENT_TYPE);
}

/** Whether an If-None-Match header names the ETag (weak comparison, as RFC 9110 has it for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(',')) {
    const trimmed = candidate.trim();
    if (trimmed === '*') return true;
    if ((trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque) return true;
  }
  return false;
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values; each is parsed once. */
const ACCEPT_ENCODING_MEMO_LIMIT = 64;
const codingByAcceptEncoding = new Map<string, ContentCoding>();

/** The smallest coding the client accepts (Brotli, then gzip), by the Accept-Encoding header's tokens. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const known = codingByAcceptEncoding.get(acceptEncoding);
  if (known) return known;
  const coding = parseAcceptEncoding(acceptEncoding);
  if (codingByAcceptEncoding.size < ACCEPT_ENCODING_MEMO_LIMIT)
    codingByAcceptEncoding.set(acceptEncoding, coding);
  return coding;
}

function parseAcceptEncoding(acceptEncoding: string): ContentCoding {
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

/** What a cached reply answers a request: not modified, or its body in one coding. */
export type CachedAnswer =
  | { readonly notModified: true }
  | { readonly notModified: false; readonly coding: ContentCoding; readonly body: Buffer };

/**
 * The answer of a cached reply to a request's validator and Accept-Encoding: not modified when the client's
 * copy is current, else the body in the smallest coding the client accepts (small bodies as they are).
 */
export function cachedAnswer(
  cached: CachedReply,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswer {
  if (matchesEtag(ifNoneMatch, cached.etag)) return { notModified: true };
  const coding = cached.body.length < COMPRESS_MIN_BYTES ? 'identity' : preferredCoding(acceptEncoding);
  const body = coding === 'br' ? cached.brotli() : coding === 'gzip' ? cached.gzip() : cached.body;
  return { notModified: false, coding, body };
}
