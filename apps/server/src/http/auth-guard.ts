import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './app-error.ts';

/** Who is calling: resolved from the `Authorization: Token <token>` header by the session store. */
export interface AuthenticatedUser {
  readonly userId: number;
  readonly sessionId: number;
  /** The user's access flags as stored when the token was resolved (read with the session, no extra query). */
  readonly access: UserAccessFlags;
}

/** The per-user flags an operator sets (spec 01 §6): early access to the games, and transfers. */
export interface UserAccessFlags {
  /** is_early: the games (Win, Aviator, Lucky Hit and their records). */
  readonly early: boolean;
  /** is_transfer_enable: POST /user/transfer_to. */
  readonly transfer: boolean;
}

/** Looks up a raw token; answers null for an unknown, revoked or expired one. */
export interface SessionResolver {
  resolve(token: string): Promise<AuthenticatedUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on authenticated routes; undefined elsewhere. */
    authUser?: AuthenticatedUser;
  }
}

/** Tokens are 32 random bytes in base64url (43 characters); anything else is rejected before a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Extracts the token of an `Authorization: Token <token>` header, or null when absent or malformed. */
export function readTokenHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Token\s+(\S+)\s*$/.exec(header);
  const token = match?.[1];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

export type AuthGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The Cache-Control of every authenticated answer (DESIGN.md "Auth and security"): one person's data, never
 * kept by a browser's or a proxy's cache. Public reads keep their own Cache-Control and ETag.
 */
export const AUTHENTICATED_CACHE_CONTROL = 'no-store';

/**
 * A preHandler that answers 401 unless the request carries a live session token. Every answer of a guarded
 * route, its 401 included, is marked no-store here, the one place all of them pass.
 */
export function createAuthGuard(sessions: SessionResolver): AuthGuard {
  return async (request, reply) => {
    reply.header('cache-control', AUTHENTICATED_CACHE_CONTROL);
    const token = readTokenHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    const user = await sessions.resolve(token);
    if (!user) throw unauthorized();
    request.authUser = user;
  };
}

/** The authenticated user of a guarded route; calling it on an unguarded route is a bug. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.authUser) throw new Error('currentUser() called on a route without the auth guard');
  return request.authUser;
}
