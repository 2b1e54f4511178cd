import {
  APPROVAL_REQUEST_TTL_MS,
  type ApprovalKind,
  type ApprovalListQuery,
  ApprovalMessage,
  type ApprovalRequestDto,
  type ApprovalRequestedResponse,
  minorToDecimalString,
  OPERATOR_ROLES,
  type OperatorRole,
  type Page,
  ResponseCode,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import {
  countApprovalRequests,
  decideApprovalRequest,
  expireApprovalRequests,
  findApprovalRequest,
  insertApprovalRequest,
  listApprovalRequests,
  listPendingRequestsOfKind,
  lockApprovalRequest,
} from './approvals.repository.ts';
import type { ApprovalRequestRow } from './approvals.tables.ts';

/** The audit events of maker-checker requests. */
export const ApprovalAuditEvent = {
  requested: 'approval_requested',
  approved: 'approval_approved',
  refused: 'approval_refused',
  cancelled: 'approval_cancelled',
} as const;

/** The longest summary line a request keeps. */
const SUMMARY_MAX_LENGTH = 300;

/**
 * Who acts, as the money controls tell operators apart: `operator:<id>` for a person's account, and
 * `admin_token` for the automation token (which may ask, but never approve: it is nobody's second pair of
 * eyes).
 */
export interface OperatorIdentity {
  readonly key: string;
  readonly name: string;
  readonly role: OperatorRole;
  readonly isAutomationToken: boolean;
}

/** The identity of the operator calling a route. */
export function operatorIdentity(principal: OperatorPrincipal): OperatorIdentity {
  return {
    key: principal.operatorId === null ? 'admin_token' : `operator:${principal.operatorId}`,
    name: principal.auditName,
    role: principal.role,
    isAutomationToken: principal.operatorId === null,
  };
}

/** What the action of an approved request knows of its approval. */
export interface ApprovalContext {
  readonly requestId: number;
  readonly requester: { readonly key: string; readonly name: string };
  readonly approver: OperatorIdentity;
  /** Why it was asked for. */
  readonly reason: string;
  /** Why it was approved. */
  readonly decisionReason: string;
  readonly now: number;
}

/**
 * One kind of request: how to read its stored payload back and how to do the action once approved. The
 * action runs inside the approval's transaction, so the approval and its effect commit together; an
 * AppError it throws refuses the approval (the request stays pending, and the approver sees why).
 */
export interface ApprovalHandler<Payload> {
  readonly kind: ApprovalKind;
  readonly payloadSchema: z.ZodType<Payload>;
  execute(
    trx: Kysely<Database>,
    payload: Payload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>>;
  /** Work outside the database once the approval committed (cache invalidation, socket notices). */
  afterCommit?(payload: Payload, result: Record<string, unknown>): void;
}

/** A request as its maker describes it. */
export interface NewApprovalRequest<Payload> {
  readonly kind: ApprovalKind;
  /** Exactly what will be done once approved (seal any secret in it before). */
  readonly payload: Payload;
  readonly summary: string;
  /** What the approver is shown (never a secret). */
  readonly details: Record<string, unknown>;
  readonly amountMinor?: number;
  readonly userId?: number;
  /** Roles besides owner that may approve; auditor never may. */
  readonly approverRoles: readonly OperatorRole[];
  readonly reason: string;
}

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('invariant: a stored approval JSON column is not an object');
  }
  return parsed as Record<string, unknown>;
}

function rolesOf(row: ApprovalRequestRow): OperatorRole[] {
  return row.approver_roles
    .split(',')
    .filter((role): role is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role));
}

/**
 * Maker-checker (DESIGN.md §2 "Operator money controls"): an action that could create money, move it to a
 * player or widen who can receive it is stored as a request; a second operator whose role may approve it
 * approves (the action runs then, in the same transaction) or refuses it, with a reason. The operator who
 * asked can never decide it (checked here and by a CHECK constraint), the automation token never approves,
 * a request expires after APPROVAL_REQUEST_TTL_MS, and every step is audited.
 */
export class ApprovalService {
  private readonly handlers = new Map<ApprovalKind, ApprovalHandler<unknown>>();

  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** Adds the action of a kind of request; each kind has exactly one. */
  register<Payload>(handler: ApprovalHandler<Payload>): void {
    if (this.handlers.has(handler.kind)) throw new Error(`approval kind ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler as ApprovalHandler<unknown>);
  }

  /**
   * Stores a request (in the caller's transaction when given one) and answers the 202 the route sends: the
   * action is not done until a second operator approves it.
   */
  async request<Payload>(
    request: NewApprovalRequest<Payload>,
    requester: OperatorPrincipal,
    db: Kysely<Database> = this.database.db,
  ): Promise<ApprovalRequestedResponse> {
    if (!this.handlers.has(request.kind)) throw new Error(`approval kind ${request.kind} has no handler`);
    const maker = operatorIdentity(requester);
    const now = this.clock.now();
    const approverRoles = request.approverRoles.filter((role) => role !== 'auditor' && role !== 'owner');
    const id = await insertApprovalRequest(db, {
      kind: request.kind,
      summary: request.summary.slice(0, SUMMARY_MAX_LENGTH),
      amount_minor: request.amountMinor ?? null,
      user_id: request.userId ?? null,
      payload_json: JSON.stringify(request.payload),
      details_json: JSON.stringify(request.details),
      requested_by_key: maker.key,
      requested_by: maker.name,
      requested_by_role: maker.role,
      reason: request.reason,
      approver_roles: [...new Set(approverRoles)].join(','),
      status: 'pending',
      decided_by_key: null,
      decided_by: null,
      decision_reason: null,
      decided_at: null,
      result_json: null,
      created_at: now,
      expires_at: now + APPROVAL_REQUEST_TTL_MS,
    });
    await this.audit.record(
      ApprovalAuditEvent.requested,
      {
        userId: request.userId ?? null,
        detail: {
          operator: maker.name,
          request_id: id,
          kind: request.kind,
          summary: request.summary,
          reason: request.reason,
          ...(request.amountMinor === undefined ? {} : { amount_minor: request.amountMinor }),
        },
      },
      db,
    );
    const row = await findApprovalRequest(db, id);
    if (!row) throw new Error(`invariant: approval request ${id} vanished after insert`);
    return { code: 202, msg: ApprovalMessage.requested, request: this.toDto(row, requester, now) };
  }

  /** The pending requests of one kind, for a maker who must not ask for the same thing twice. */
  async pendingOfKind(kind: ApprovalKind, db: Kysely<Database> = this.database.db) {
    const rows = await listPendingRequestsOfKind(db, kind);
    const now = this.clock.now();
    return rows
      .filter((row) => row.expires_at > now)
      .map((row) => ({ id: Number(row.id), payload: parseJsonObject(row.payload_json) ?? {} }));
  }

  /** GET /admin/api/approvals: the queue (pending, oldest first) or the decided ones (newest first). */
  async list(query: ApprovalListQuery, viewer: OperatorPrincipal): Promise<Page<ApprovalRequestDto>> {
    const { db } = this.database;
    const now = this.clock.now();
    await expireApprovalRequests(db, now);
    const filter = {
      ...(query.status === 'all' ? {} : { status: query.status }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
    };
    const [count, rows] = await Promise.all([
      countApprovalRequests(db, filter),
      listApprovalRequests(db, filter, pageWindow(query)),
    ]);
    return pageResponse(
      count,
      rows.map((row) => this.toDto(row, viewer, now)),
    );
  }

  /** GET /admin/api/approvals/:id. */
  async get(id: number, viewer: OperatorPrincipal): Promise<{ code: 200; entry: ApprovalRequestDto }> {
    const now = this.clock.now();
    await expireApprovalRequests(this.database.db, now);
    const row = await findApprovalRequest(this.database.db, id);
    if (!row) throw notFound(ApprovalMessage.notFound);
    return { code: 200, entry: this.toDto(row, viewer, now) };
  }

  /**
   * POST /admin/api/approvals/:id/approve {reason}: a second operator approves, and the action runs in the
   * same transaction; of two approvals racing, one does it and the other is told it was decided.
   */
  async approve(
    id: number,
    approver: OperatorPrincipal,
    decisionReason: string,
  ): Promise<{ code: 200; msg: string; entry: ApprovalRequestDto }> {
    const checker = operatorIdentity(approver);
    await expireApprovalRequests(this.database.db, this.clock.now());
    const { row, handler, payload, result } = await runInTransaction(this.database, async (trx) => {
      const locked = await this.lockPending(trx, id);
      this.assertMayDecide(locked, checker);
      const handler = this.handlers.get(locked.kind as ApprovalKind);
      if (!handler) throw new Error(`invariant: approval kind ${locked.kind} has no handler`);
      const payload = handler.payloadSchema.parse(JSON.parse(locked.payload_json));
      const now = this.clock.now();
      const result = await handler.execute(trx, payload, {
        requestId: id,
        requester: { key: locked.requested_by_key, name: locked.requested_by },
        approver: checker,
        reason: locked.reason,
        decisionReason,
        now,
      });
      await this.decide(trx, locked, checker, 'approved', decisionReason, now, result);
      const row = await findApprovalRequest(trx, id);
      if (!row) throw new Error(`invariant: approval request ${id} vanished while approved`);
      return { row, handler, payload, result };
    });
    handler.afterCommit?.(payload, result);
    return { code: 200, msg: ApprovalMessage.approved, entry: this.toDto(row, approver, this.clock.now()) };
  }

  /** POST /admin/api/approvals/:id/refuse {reason}: a second operator refuses; nothing is done. */
  async refuse(
    id: number,
    approver: OperatorPrincipal,
    decisionReason: string,
  ): Promise<{ code: 200; msg: string; entry: ApprovalRequestDto }> {
    return this.closeUndone(id, approver, 'refused', decisionReason, (locked, decider) =>
      this.assertMayDecide(locked, decider),
    );
  }

  /** POST /admin/api/approvals/:id/cancel {reason}: the operator who asked withdraws the request. */
  async cancel(
    id: number,
    requester: OperatorPrincipal,
    decisionReason: string,
  ): Promise<{ code: 200; msg: string; entry: ApprovalRequestDto }> {
    return this.closeUndone(id, requester, 'cancelled', decisionReason, (locked, decider) => {
      if (locked.requested_by_key !== decider.key) {
        throw new AppError(ResponseCode.forbidden, ApprovalMessage.onlyRequesterCancels);
      }
    });
  }

  /** Closes a pending request without doing its action (refused or withdrawn), after the caller's rule. */
  private async closeUndone(
    id: number,
    principal: OperatorPrincipal,
    status: 'refused' | 'cancelled',
    decisionReason: string,
    assertMay: (locked: ApprovalRequestRow, decider: OperatorIdentity) => void,
  ): Promise<{ code: 200; msg: string; entry: ApprovalRequestDto }> {
    const decider = operatorIdentity(principal);
    await expireApprovalRequests(this.database.db, this.clock.now());
    const row = await runInTransaction(this.database, async (trx) => {
      const locked = await this.lockPending(trx, id);
      assertMay(locked, decider);
      await this.decide(trx, locked, decider, status, decisionReason, this.clock.now(), null);
      return findApprovalRequest(trx, id);
    });
    if (!row) throw new Error(`invariant: approval request ${id} vanished while ${status}`);
    const msg = status === 'refused' ? ApprovalMessage.refused : ApprovalMessage.cancelled;
    return { code: 200, msg, entry: this.toDto(row, principal, this.clock.now()) };
  }

  private async lockPending(trx: Kysely<Database>, id: number): Promise<ApprovalRequestRow> {
    const row = await lockApprovalRequest(trx, this.database.dialect, id);
    if (!row) throw notFound(ApprovalMessage.notFound);
    if (row.status === 'expired' || (row.status === 'pending' && row.expires_at <= this.clock.now())) {
      throw new AppError(ResponseCode.conflict, ApprovalMessage.expired);
    }
    if (row.status !== 'pending') throw new AppError(ResponseCode.conflict, ApprovalMessage.notPending);
    return row;
  }

  /** The four rules of a checker: a person, not the maker, of a role that may approve this kind. */
  private assertMayDecide(row: ApprovalRequestRow, checker: OperatorIdentity): void {
    if (checker.isAutomationToken) {
      throw new AppError(ResponseCode.forbidden, ApprovalMessage.tokenMayNotApprove);
    }
    if (checker.key === row.requested_by_key) {
      throw new AppError(ResponseCode.conflict, ApprovalMessage.ownRequest);
    }
    if (!this.roleMayDecide(row, checker.role)) {
      throw new AppError(ResponseCode.forbidden, ApprovalMessage.roleMayNotApprove);
    }
  }

  private roleMayDecide(row: ApprovalRequestRow, role: OperatorRole): boolean {
    return role === 'owner' || (role !== 'auditor' && rolesOf(row).includes(role));
  }

  private async decide(
    trx: Kysely<Database>,
    row: ApprovalRequestRow,
    decider: OperatorIdentity,
    status: 'approved' | 'refused' | 'cancelled',
    decisionReason: string,
    now: number,
    result: Record<string, unknown> | null,
  ): Promise<void> {
    const decided = await decideApprovalRequest(trx, Number(row.id), {
      status,
      decided_by_key: decider.key,
      decided_by: decider.name,
      decision_reason: decisionReason,
      decided_at: now,
      result_json: result === null ? null : JSON.stringify(result),
    });
    if (!decided) throw new Error(`invariant: approval request ${row.id} was decided twice under its lock`);
    const event =
      status === 'approved'
        ? ApprovalAuditEvent.approved
        : status === 'refused'
          ? ApprovalAuditEvent.refused
          : ApprovalAuditEvent.cancelled;
    await this.audit.record(
      event,
      {
        userId: row.user_id === null ? null : Number(row.user_id),
        detail: {
          operator: decider.name,
          request_id: Number(row.id),
          kind: row.kind,
          summary: row.summary,
          requested_by: row.requested_by,
          reason: row.reason,
          decision_reason: decisionReason,
          ...(result === null ? {} : { result }),
        },
      },
      trx,
    );
  }

  private toDto(row: ApprovalRequestRow, viewer: OperatorPrincipal, now: number): ApprovalRequestDto {
    const viewerIdentity = operatorIdentity(viewer);
    const pending = row.status === 'pending' && row.expires_at > now;
    return {
      id: Number(row.id),
      kind: row.kind as ApprovalKind,
      summary: row.summary,
      amount: row.amount_minor === null ? null : minorToDecimalString(Number(row.amount_minor)),
      user_id: row.user_id === null ? null : Number(row.user_id),
      details: parseJsonObject(row.details_json) ?? {},
      requested_by: row.requested_by,
      requested_by_role: row.requested_by_role as OperatorRole,
      reason: row.reason,
      status: row.status === 'pending' && !pending ? 'expired' : row.status,
      approver_roles: rolesOf(row),
      decided_by: row.decided_by,
      decision_reason: row.decision_reason,
      decided_at: row.decided_at === null ? null : Number(row.decided_at),
      result: parseJsonObject(row.result_json),
      created_at: Number(row.created_at),
      expires_at: Number(row.expires_at),
      may_decide:
        pending &&
        !viewerIdentity.isAutomationToken &&
        viewerIdentity.key !== row.requested_by_key &&
        this.roleMayDecide(row, viewerIdentity.role),
    };
  }
}
