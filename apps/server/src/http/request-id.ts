import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Only plain, short request ids from a proxy are kept; anything else gets a fresh one. */
const INBOUND_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request, sent back as X-Request-Id and written on its log lines: the proxy's X-Request-Id when
 * it is a plain short token, so one id follows the request through both, else a fresh UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const inbound = request.headers['x-request-id'];
  return typeof inbound === 'string' && INBOUND_REQUEST_ID.test(inbound) ? inbound : randomUUID();
}
