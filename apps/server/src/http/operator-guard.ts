import { OperatorMessage } from '@app/shared';

/**
 * The message of every operator call refused for want of a login or token; it does not say whether
 * ADMIN_TOKEN is configured. The gate itself is `operator-access.ts`.
 */
export const OPERATOR_UNAUTHORIZED_MESSAGE: string = OperatorMessage.unauthorized;

/** The audit event of a refused operator call. */
export const OPERATOR_AUTH_FAILED_EVENT = 'operator_auth_failed';

/** What the operator gate needs of the audit log. */
export interface OperatorAuditSink {
  record(event: string, context: { ip: string; detail: Record<string, unknown> }): Promise<void>;
  /** Anyone can send refused calls: they are counted per source and minute, not logged row by row. */
  recordRepeatable(event: string, context: { ip: string; detail: Record<string, unknown> }): Promise<void>;
}
