import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.ts';

/** The answer to a JSON body whose bytes are not UTF-8 (RFC 8259 §8.1: JSON text exchanged is UTF-8). */
export const MALFORMED_BODY_MESSAGE = 'The request body must be valid UTF-8 text';

/** Throws on the first malformed sequence instead of replacing it with U+FFFD as Buffer#toString does. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces Fastify's JSON body parser with one that refuses invalid UTF-8 with a 400. Node decodes such
 * bytes to U+FFFD without a word, so a nickname or an address would be stored with replacement characters
 * where the sender meant something else; refusing the body keeps malformed text out of every stored field
 * (the text fields' own check in @app/shared refuses lone surrogates and U+FFFD that valid UTF-8 carries).
 * Everything else (prototype poisoning protection, the empty-body answer) is Fastify's own parser.
 */
export function registerStrictJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(badRequest(MALFORMED_BODY_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
