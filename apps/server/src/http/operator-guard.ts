import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './app-error.ts';

/** The message of every refused operator call; it does not say whether a token is configured. */
export const OPERATOR_UNAUTHORIZED_MESSAGE = 'Operator token required';

export type OperatorGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * A preHandler for /admin/api/… (DESIGN.md "Operator API"): it needs `Authorization: Bearer <ADMIN_TOKEN>`,
 * compared in constant time. Without a configured token every operator call answers 401, so an operator
 * API is never open by accident. `onRefused` is told of each refusal (for the audit log).
 */
export function createOperatorGuard(
  adminToken: string | undefined,
  onRefused: (request: FastifyRequest) => Promise<void> = async () => {},
): OperatorGuard {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/.exec(request.headers.authorization ?? '');
    const presented = match?.[1];
    if (expected === undefined || presented === undefined || !timingSafeEqual(expected, digest(presented))) {
      await onRefused(request);
      throw unauthorized(OPERATOR_UNAUTHORIZED_MESSAGE);
    }
  };
}

/** The audit event of a refused operator call. */
export const OPERATOR_AUTH_FAILED_EVENT = 'operator_auth_failed';

/** What the audited guard needs of the audit log. */
export interface OperatorAuditSink {
  recordRepeatable(event: string, context: { ip: string; detail: Record<string, unknown> }): Promise<void>;
}

/**
 * The operator guard whose refusals are audited with the route they tried: anyone can send them, so they
 * are counted per source and minute rather than logged row by row.
 */
export function createAuditedOperatorGuard(
  adminToken: string | undefined,
  audit: OperatorAuditSink,
): OperatorGuard {
  return createOperatorGuard(adminToken, (request) =>
    audit.recordRepeatable(OPERATOR_AUTH_FAILED_EVENT, {
      ip: request.ip,
      detail: { route: `${request.method} ${request.url.split('?')[0]}` },
    }),
  );
}
