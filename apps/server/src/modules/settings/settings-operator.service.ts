import {
  type ApprovalRequestedResponse,
  containsMalformedText,
  OPERATOR_REASON_MAX_LENGTH,
  OperatorMessage,
  type OperatorRole,
  operatorMayCall,
  optionalText,
  ResponseCode,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { ApprovalContext, ApprovalService } from '../approvals/approvals.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import {
  loosensControl,
  SETTING_DEFINITIONS,
  type SettingKey,
  settingDefault,
  settingDefinition,
  settingWriteSchema,
} from './settings.definitions.ts';
import type { SettingsService } from './settings.service.ts';

/** The audit event of an operator's settings change. */
export const OPERATOR_SETTING_CHANGED = 'operator_setting_changed';

/**
 * Which role looks after each setting: content the home screen, notices, contacts and app links; finance
 * the money rules; owner the rest (defaults of new accounts, the demo). owner may change every one.
 */
const SETTING_ROLE_BY_PREFIX: ReadonlyArray<readonly [string, OperatorRole]> = [
  ['home.', 'content'],
  ['colour.notice', 'content'],
  ['support.', 'content'],
  ['app.', 'content'],
  ['withdrawal.', 'finance'],
  ['recharge.', 'finance'],
  ['bank_card.', 'finance'],
  ['gifts.', 'finance'],
];

/** The message of a loosening change sent without the reason its approver needs. */
export const LOOSENING_NEEDS_REASON =
  'reason is required: this change loosens a money control and needs a second operator’s approval';

const changeReason = z.object({ reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }) });

/** What an approved setting change applies. */
const settingChangePayload = z.object({ key: z.string(), value: z.unknown(), previous: z.unknown() });
type SettingChangePayload = z.output<typeof settingChangePayload>;

/** The role that may change a setting (besides owner). */
export function settingRole(key: string): OperatorRole {
  return SETTING_ROLE_BY_PREFIX.find(([prefix]) => key.startsWith(prefix))?.[1] ?? 'owner';
}

/** One setting as the console shows it: value, default, its JSON schema (the type) and its role. */
export interface SettingDescription {
  key: string;
  value: unknown;
  default: unknown;
  schema: unknown;
  role: OperatorRole;
  /** A money control: changing it so that it allows more waits for a second operator's approval. */
  control: boolean;
}

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/**
 * The operator's view of the settings table (withdrawal limits, the needs_bet factor, the bank-card OTP
 * flag and cool-down, notices, support contacts): every setting with its current value, and typed changes
 * that are validated by the setting's own schema and audited with the old and the new value.
 */
export class SettingsOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly approvals: ApprovalService,
  ) {
    approvals.register({
      kind: 'setting.change',
      payloadSchema: settingChangePayload,
      execute: (trx, payload, context) => this.applyApproved(trx, payload, context),
      afterCommit: () => this.settings.changed(),
    });
  }

  /** Every setting with its current (or default) value. */
  async list(): Promise<{ code: 200; settings: Record<string, unknown>; definitions: SettingDescription[] }> {
    const keys = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
    const settings = await this.settings.getMany(keys);
    const definitions = keys.map((key) => ({
      key,
      value: settings[key],
      default: settingDefault(key, this.settings.market),
      schema: z.toJSONSchema(SETTING_DEFINITIONS[key].schema, { unrepresentable: 'any' }),
      role: settingRole(key),
      control: settingDefinition(key).loosens !== undefined,
    }));
    return { code: 200, settings, definitions };
  }

  /**
   * Replaces one setting's value; an unknown key answers 404, a value its schema refuses 400 naming `value`.
   * A change that loosens a money control (DESIGN.md §2 "Operator money controls") is not applied: it becomes
   * a request (HTTP 202) that a second operator approves, and needs a reason. A tightening change applies at
   * once.
   */
  async update(
    key: string,
    body: unknown,
    actor: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; key: string; value: unknown } | ApprovalRequestedResponse> {
    if (!isSettingKey(key)) throw notFound(`Unknown setting ${key}`);
    if (!operatorMayCall(actor.role, { roles: [settingRole(key)] }, 'PUT')) {
      throw new AppError(ResponseCode.forbidden, OperatorMessage.forbidden);
    }
    // Malformed text is refused before the setting's own schema, so every setting answers it alike.
    const raw = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
    if (containsMalformedText(raw))
      throw badRequest('value must be valid text (it contains malformed characters)');
    const { value } = parseInput(z.object({ value: settingWriteSchema(key) }), body);
    const { reason } = parseInput(changeReason, body);
    const previous = await this.settings.get(key);
    if (loosensControl(key, previous, value)) {
      if (reason === undefined) throw badRequest(LOOSENING_NEEDS_REASON);
      return this.approvals.request(
        {
          kind: 'setting.change',
          payload: { key, value, previous } satisfies SettingChangePayload,
          summary: `Setting ${key}: ${JSON.stringify(previous)} → ${JSON.stringify(value)}`,
          details: { key, previous, value },
          approverRoles: [settingRole(key), 'finance'],
          reason,
        },
        actor,
      );
    }
    await runInTransaction(this.database, async (trx) => {
      const current = await this.settings.get(key, trx);
      await this.settings.set(key, value as never, trx);
      await this.audit.record(
        OPERATOR_SETTING_CHANGED,
        {
          ip,
          detail: { operator: actor.auditName, key, previous: current, value, ...(reason ? { reason } : {}) },
        },
        trx,
      );
    });
    this.settings.changed();
    return { code: 200, key, value };
  }

  /** The approved change of a money control, written in the approval's transaction. */
  private async applyApproved(
    trx: Kysely<Database>,
    payload: SettingChangePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    if (!isSettingKey(payload.key))
      throw new Error(`invariant: approved change of unknown setting ${payload.key}`);
    const key = payload.key;
    const value = settingWriteSchema(key).parse(payload.value);
    const current = await this.settings.get(key, trx);
    await this.settings.set(key, value as never, trx);
    await this.audit.record(
      OPERATOR_SETTING_CHANGED,
      {
        detail: {
          operator: context.approver.name,
          requested_by: context.requester.name,
          approval_request_id: context.requestId,
          key,
          previous: current,
          value,
          reason: context.reason,
        },
      },
      trx,
    );
    return { key, previous: current, value };
  }
}
