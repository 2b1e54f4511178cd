import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type OperatorAccess,
  OperatorMessage,
  type OperatorRole,
  operatorMayCall,
  ResponseCode,
} from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  ADMIN_TOKEN_AUDIT_NAME,
  type OperatorPrincipal,
  runAsOperator,
} from '../modules/operators/operator-context.ts';
import { AppError, unauthorized } from './app-error.ts';
import { AUTHENTICATED_CACHE_CONTROL } from './auth-guard.ts';
import { OPERATOR_AUTH_FAILED_EVENT, type OperatorAuditSink } from './operator-guard.ts';

/** Every operator call lives under this prefix; each of its routes must declare its access. */
export const OPERATOR_API_PREFIX = '/admin/api/';

/** The audit event of an operator call refused for its role. */
export const OPERATOR_FORBIDDEN_EVENT = 'operator_forbidden';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an /admin/api route needs (see operatorRoute). */
    operatorAccess?: OperatorAccess;
  }
  interface FastifyRequest {
    /** Set by the operator gate on /admin/api routes that need an operator. */
    operator?: OperatorPrincipal;
  }
  interface FastifyInstance {
    operatorGate?: OperatorGate;
  }
}

/** Looks up a console session token; null for an unknown, revoked, expired or disabled one. */
export interface OperatorSessionResolver {
  resolve(token: string): Promise<OperatorPrincipal | null>;
}

export interface OperatorGateOptions {
  /** ADMIN_TOKEN: the automation bearer token (acts as an owner); unset turns it off. */
  adminToken: string | undefined;
  audit: OperatorAuditSink;
  /** Console sessions (absent in tests that only exercise ADMIN_TOKEN). */
  sessions?: OperatorSessionResolver;
}

/** One /admin/api route and what it declared: the route table the role-matrix test walks. */
export interface OperatorRouteEntry {
  readonly method: string;
  readonly url: string;
  readonly access: OperatorAccess;
}

const CONSOLE_TOKEN_HEADER = /^Operator\s+([A-Za-z0-9_-]{43})\s*$/;
const BEARER_HEADER = /^Bearer\s+(\S+)\s*$/;

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Authenticates operator calls and checks their role; one per app, reached through `app.operatorGate`. */
export class OperatorGate {
  private readonly adminTokenDigest: Buffer | undefined;
  readonly routes: OperatorRouteEntry[] = [];

  constructor(private readonly options: OperatorGateOptions) {
    this.adminTokenDigest = options.adminToken === undefined ? undefined : digest(options.adminToken);
  }

  /** Who is calling: a console session (`Authorization: Operator <token>`) or ADMIN_TOKEN (`Bearer`). */
  async authenticate(request: FastifyRequest): Promise<OperatorPrincipal | null> {
    const header = request.headers.authorization ?? '';
    const consoleToken = CONSOLE_TOKEN_HEADER.exec(header)?.[1];
    if (consoleToken !== undefined) return (await this.options.sessions?.resolve(consoleToken)) ?? null;
    const bearer = BEARER_HEADER.exec(header)?.[1];
    if (
      bearer !== undefined &&
      this.adminTokenDigest &&
      timingSafeEqual(this.adminTokenDigest, digest(bearer))
    ) {
      return {
        operatorId: null,
        auditName: ADMIN_TOKEN_AUDIT_NAME,
        role: 'owner',
        sessionId: null,
        via: 'admin_token',
      };
    }
    return null;
  }

  /** The preHandler work: 401 without a live operator, 403 for a role the route does not allow. */
  async enforce(request: FastifyRequest, access: OperatorAccess): Promise<void> {
    if (access === 'public') return;
    const principal = await this.authenticate(request);
    const route = `${request.method} ${request.url.split('?')[0]}`;
    if (!principal) {
      await this.options.audit.recordRepeatable(OPERATOR_AUTH_FAILED_EVENT, {
        ip: request.ip,
        detail: { route },
      });
      throw unauthorized(OperatorMessage.unauthorized);
    }
    if (!operatorMayCall(principal.role, access, request.method)) {
      await this.options.audit.record(OPERATOR_FORBIDDEN_EVENT, {
        ip: request.ip,
        detail: { route, operator: principal.auditName, role: principal.role },
      });
      throw new AppError(ResponseCode.forbidden, OperatorMessage.forbidden);
    }
    request.operator = principal;
  }
}

/**
 * The preHandler every operator route but the login calls carries: fails closed when the app has no gate
 * installed. Its answers (a 401 or 403 included) are marked no-store: console data is never cached.
 */
async function enforceOperatorAccess(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', AUTHENTICATED_CACHE_CONTROL);
  const gate = request.server.operatorGate;
  const access = request.routeOptions.config.operatorAccess;
  if (!gate || access === undefined) throw new Error('operator route without an installed operator gate');
  await gate.enforce(request, access);
}

/**
 * The options of an /admin/api route that the given roles may call (owner always may; auditor may on GET):
 * `app.post('/admin/api/x/:id/approve', operatorRoute('finance'), handler)`. With `preHandler` of its own a
 * route lists operatorRoute's first: `{ ...operatorRoute('finance'), preHandler: [...] }` would drop it, so
 * extra hooks go in `onRequest` or the handler.
 */
export function operatorRoute(...roles: OperatorRole[]): Pick<RouteOptions, 'config' | 'preHandler'> {
  return { config: { operatorAccess: { roles } }, preHandler: enforceOperatorAccess };
}

/** An /admin/api route for any signed-in operator (their own profile, logout). */
export const signedInOperatorRoute: Pick<RouteOptions, 'config' | 'preHandler'> = {
  config: { operatorAccess: 'signed_in' },
  preHandler: enforceOperatorAccess,
};

/** An /admin/api route open to anyone: only the login calls that come before a session. */
export const publicOperatorRoute: Pick<RouteOptions, 'config'> = { config: { operatorAccess: 'public' } };

/**
 * Installs the operator gate on an app before any route is registered. Every route under /admin/api must
 * declare its access (operatorRoute, signedInOperatorRoute or publicOperatorRoute): one that does not stops
 * the app at start. Each handler runs as its operator, so audit rows name who acted.
 */
export function installOperatorAccess(app: FastifyInstance, options: OperatorGateOptions): OperatorGate {
  const gate = new OperatorGate(options);
  app.decorate('operatorGate', gate);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(OPERATOR_API_PREFIX)) return;
    const access = route.config?.operatorAccess;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no operator role: register it with operatorRoute(...roles), ` +
          'signedInOperatorRoute or publicOperatorRoute (apps/server/src/http/operator-access.ts)',
      );
    }
    const hooks = route.preHandler === undefined ? [] : [route.preHandler].flat();
    if (access !== 'public' && !hooks.includes(enforceOperatorAccess)) {
      throw new Error(`${methods.join(',')} ${route.url} lost the operator preHandler of operatorRoute()`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') gate.routes.push({ method, url: route.url, access });
    }
    const handler = route.handler;
    route.handler = function operatorHandler(request, reply) {
      const principal = request.operator;
      return principal
        ? runAsOperator(principal, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
  });
  return gate;
}

/** The operator of a guarded route; calling it on another route is a bug. */
export function currentOperator(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw new Error('currentOperator() called on a route without operator access');
  return request.operator;
}

/** Who acted and from where, as the operator services record it in their audit rows. */
export function operatorActor(request: FastifyRequest): { operator: string; ip: string } {
  return { operator: currentOperator(request).auditName, ip: request.ip };
}
