import { ServerMessage } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './app-error.ts';
import { currentUser, type UserAccessFlags } from './auth-guard.ts';

export type UserAccessGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A preHandler, placed after the auth guard, that answers 403 with `message` unless the caller's account
 * has `flag` set. The flag is the one read with the session, so an operator's change applies to the next
 * request without an extra query per call (DESIGN.md "Auth and security": what the app gates, the server
 * enforces too).
 */
export function requireUserAccess(flag: keyof UserAccessFlags, message: string): UserAccessGuard {
  return async (request) => {
    if (!currentUser(request).access[flag]) throw forbidden(message);
  };
}

/**
 * The early-access gate of every game call (spec 02 §6: is_early gates Win, Aviator and Lucky Hit): use as
 * `preHandler: [authGuard, requireEarlyAccess]` on each authenticated game route and socket upgrade.
 */
export const requireEarlyAccess: UserAccessGuard = requireUserAccess(
  'early',
  ServerMessage.earlyAccessRequired,
);
