import { AsyncLocalStorage } from 'node:async_hooks';
import type { OperatorRole } from '@app/shared';

/** Who is calling an /admin/api route: an operator's console session, or the automation token. */
export interface OperatorPrincipal {
  /** The operator account; null for ADMIN_TOKEN. */
  readonly operatorId: number | null;
  /** The name audit rows record as `operator` (the username, or `admin_token`). */
  readonly auditName: string;
  readonly role: OperatorRole;
  /** The console session; null for ADMIN_TOKEN. */
  readonly sessionId: number | null;
  readonly via: 'session' | 'admin_token';
}

/** The audit name of the ADMIN_TOKEN holder (usernames cannot contain `_`, so no operator can take it). */
export const ADMIN_TOKEN_AUDIT_NAME = 'admin_token';

const acting = new AsyncLocalStorage<OperatorPrincipal>();

/**
 * Runs an operator route's handler with its caller known to everything it calls, so every audit row the
 * handler's services write names the operator (AuditLog reads it) without each service passing it along.
 */
export function runAsOperator<T>(principal: OperatorPrincipal, work: () => T): T {
  return acting.run(principal, work);
}

/** The operator whose route is running, if any. */
export function actingOperator(): OperatorPrincipal | undefined {
  return acting.getStore();
}
