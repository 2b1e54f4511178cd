import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/app-error.ts';

/** The request header that makes a money-moving POST safe to retry (DESIGN.md "The ledger"). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Longest key a client may send. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
/** Letters, digits and _ - : . only: enough for UUIDs and ULIDs, nothing that needs escaping anywhere. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_\\-:.]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

/** The request's Idempotency-Key, or undefined when absent; a malformed or repeated header answers 400. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string') throw badRequest('Idempotency-Key must be sent once');
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw badRequest(
      `Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters of letters, digits, _ - : .`,
    );
  }
  return header;
}

/** The operation a key is scoped to: the method and the route's pattern, such as 'POST /user/transfer_to'. */
export function idempotencyRoute(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}
