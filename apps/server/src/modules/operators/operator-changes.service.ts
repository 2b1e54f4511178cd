import {
  type ApprovalRequestedResponse,
  type CreateOperatorBody,
  OPERATOR_ROLES,
  type OperatorDto,
  OperatorMessage,
  type UpdateOperatorBody,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { hashPassword } from '../accounts/password-hasher.ts';
import type { AlertService } from '../approvals/alerts.service.ts';
import type { ApprovalContext, ApprovalService } from '../approvals/approvals.service.ts';
import type { OperatorPrincipal } from './operator-context.ts';
import { type OperatorChange, type OperatorService, operatorChangeOf } from './operators.service.ts';

/** The message of an operator change that needs a second owner, sent without a reason. */
export const OPERATOR_CHANGE_NEEDS_REASON =
  'reason is required: this change of operator accounts needs a second owner’s approval';

const createPayload = z.object({
  username: z.string(),
  password_hash: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
type CreatePayload = z.output<typeof createPayload>;

const changePayload = z.object({
  id: z.number().int().positive(),
  role: z.enum(OPERATOR_ROLES).optional(),
  disabled: z.boolean().optional(),
  password_hash: z.string().optional(),
  reset_totp: z.boolean().optional(),
});
type ChangePayload = z.output<typeof changePayload>;

/** Who acted, as the operator service's audit rows name it. */
interface Actor {
  readonly operator: string;
  readonly ip: string | null;
}

/**
 * Operator accounts under maker-checker (DESIGN.md §2 "Operator money controls"). Whoever may make operators
 * decides who approves money, so one owner alone could otherwise make a second account and approve their own
 * requests with it. While another active owner exists, creating an operator and every change of an account
 * (role, re-enabling, password, TOTP reset, and disabling an owner) is a request another owner approves;
 * only disabling a non-owner applies at once (it takes access away). The deployment's first operators, made
 * while none exists, and the changes of an owner who is the only one, apply at once, and the latter raise a
 * console alert, since no second pair of eyes exists to ask.
 */
export class OperatorChangesService {
  constructor(
    private readonly database: AppDatabase,
    private readonly operators: OperatorService,
    private readonly approvals: ApprovalService,
    private readonly alerts: AlertService,
  ) {
    approvals.register({
      kind: 'operator.create',
      payloadSchema: createPayload,
      execute: (trx, payload, context) => this.createApproved(trx, payload, context),
    });
    approvals.register({
      kind: 'operator.change',
      payloadSchema: changePayload,
      execute: (trx, payload, context) => this.changeApproved(trx, payload, context),
    });
  }

  /** POST /admin/api/operators: made at once, or asked of a second owner (HTTP 202). */
  async create(
    body: CreateOperatorBody & { reason?: string | undefined },
    principal: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; entry: OperatorDto } | ApprovalRequestedResponse> {
    const actor = { operator: principal.auditName, ip };
    const passwordHash = await hashPassword(body.password);
    if (await this.needsSecondOwner(principal)) {
      if (!body.reason) throw badRequest(OPERATOR_CHANGE_NEEDS_REASON);
      return this.approvals.request(
        {
          kind: 'operator.create',
          payload: {
            username: body.username,
            password_hash: passwordHash,
            role: body.role,
          } satisfies CreatePayload,
          summary: `New operator ${body.username} (${body.role})`,
          details: { username: body.username, role: body.role },
          approverRoles: [],
          reason: body.reason,
        },
        principal,
      );
    }
    const firstEver = !(await this.operators.anyOperatorExists());
    const entry = await this.operators.insertHashed(
      this.database.db,
      { username: body.username, passwordHash, role: body.role },
      actor,
    );
    if (!firstEver) await this.alertAlone(principal, `made operator ${body.username} (${body.role})`);
    return { code: 200, entry };
  }

  /** PUT /admin/api/operators/:id: applied at once when it only takes access away, else asked of a second owner. */
  async update(
    id: number,
    body: UpdateOperatorBody & { reason?: string | undefined },
    principal: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; msg: string; entry: OperatorDto } | ApprovalRequestedResponse> {
    const actor = { operator: principal.auditName, ip };
    const target = await this.operators.findAccount(id);
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    const change: OperatorChange = { ...operatorChangeOf(body), ...(passwordHash ? { passwordHash } : {}) };
    const onlyDisablesANonOwner =
      body.disabled === true &&
      target.role !== 'owner' &&
      body.role === undefined &&
      body.password === undefined &&
      body.reset_totp === undefined;
    if (!onlyDisablesANonOwner && (await this.needsSecondOwner(principal))) {
      if (!body.reason) throw badRequest(OPERATOR_CHANGE_NEEDS_REASON);
      const shown = {
        ...(body.role === undefined ? {} : { role: body.role }),
        ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
        ...(body.password === undefined ? {} : { password: 'new password' }),
        ...(body.reset_totp ? { reset_totp: true } : {}),
      };
      return this.approvals.request(
        {
          kind: 'operator.change',
          payload: {
            id,
            ...(body.role === undefined ? {} : { role: body.role }),
            ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
            ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
            ...(body.reset_totp ? { reset_totp: true } : {}),
          } satisfies ChangePayload,
          summary: `Operator ${target.username} (${target.role}): ${Object.keys(shown).join(', ')}`,
          details: { operator_id: id, username: target.username, current_role: target.role, ...shown },
          approverRoles: [],
          reason: body.reason,
        },
        principal,
      );
    }
    const entry = await runInTransaction(this.database, (trx) =>
      this.operators.applyUpdate(trx, id, change, actor),
    );
    if (!onlyDisablesANonOwner) {
      await this.alertAlone(
        principal,
        `changed operator ${target.username} (${Object.keys(change).join(', ')})`,
      );
    }
    return { code: 200, msg: OperatorMessage.saved, entry };
  }

  /** Whether an owner other than the one asking could approve (then one must). */
  private async needsSecondOwner(principal: OperatorPrincipal): Promise<boolean> {
    return (await this.operators.activeOwnersOtherThan(principal.operatorId)) > 0;
  }

  private async alertAlone(principal: OperatorPrincipal, what: string): Promise<void> {
    await this.alerts.raise({
      kind: 'operator_changed_alone',
      severity: 'warning',
      summary: `${principal.auditName} ${what} alone: there is no other active owner to approve it`,
      details: { operator: principal.auditName, what },
    });
  }

  private async createApproved(
    trx: Kysely<Database>,
    payload: CreatePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    const entry = await this.operators.insertHashed(
      trx,
      { username: payload.username, passwordHash: payload.password_hash, role: payload.role },
      this.approvedActor(context),
    );
    return { operator_id: entry.id, username: entry.username, role: entry.role };
  }

  private async changeApproved(
    trx: Kysely<Database>,
    payload: ChangePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    const entry = await this.operators.applyUpdate(
      trx,
      payload.id,
      {
        ...(payload.role === undefined ? {} : { role: payload.role }),
        ...(payload.disabled === undefined ? {} : { disabled: payload.disabled }),
        ...(payload.password_hash === undefined ? {} : { passwordHash: payload.password_hash }),
        ...(payload.reset_totp ? { resetTotp: true } : {}),
      },
      this.approvedActor(context),
    );
    return { operator_id: entry.id, username: entry.username, role: entry.role, disabled: entry.disabled };
  }

  private approvedActor(context: ApprovalContext): Actor & { detail: Record<string, unknown> } {
    return {
      operator: context.approver.name,
      ip: null,
      detail: { requested_by: context.requester.name, approval_request_id: context.requestId },
    };
  }
}
