import {
  type AdminPaymentChannelDto,
  type AdminPaymentChannelUpdateBody,
  type AdminWithdrawalChannelDto,
  type AdminWithdrawalChannelUpdateBody,
  type ApprovalRequestedResponse,
  CHANNEL_SECRET_HINT_LENGTH,
  CHANNEL_SECRET_HINT_MIN_LENGTH,
  type ChannelSecretState,
  MINOR_PER_MAJOR,
  minorToDecimalString,
  PAYMENT_CHANNEL_FIELDS,
  type PaymentAdapterName,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { pendingChannelSecretPurpose } from '../../platform/secrets/secret-purposes.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { ApprovalContext, ApprovalService } from '../approvals/approvals.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import { type ChannelSettings, openChannelSecrets, sealChannelSecrets } from '../payments/channel-secrets.ts';
import { ADAPTER_SETTINGS_SCHEMAS } from '../payments/payment-adapters.ts';
import type { PaymentChannelRow, PaymentChannelsTable } from '../payments/payments.tables.ts';
import { channelPresetsSchema, formatPresets } from '../wallet/payment-channel.service.ts';
import type { WithdrawalChannelRow, WithdrawalChannelsTable } from '../withdrawals/withdrawals.tables.ts';
import {
  findPaymentChannelById,
  listAllPaymentChannels,
  listAllWithdrawalChannels,
  lockPaymentChannelById,
  lockWithdrawalChannelById,
  updatePaymentChannel,
  updateWithdrawalChannel,
} from './channels-operator.repository.ts';

/** Audit events of the channel pages. */
export const ChannelAuditEvent = {
  paymentChannelChanged: 'operator_payment_channel_changed',
  withdrawalChannelChanged: 'operator_withdrawal_channel_changed',
} as const;

/** What an audit row says of a secret: never its value, only whether one was there and what became of it. */
export const SecretAuditState = { notSet: 'not set', set: 'set', replaced: 'replaced' } as const;

/** Who acted and from where. */
export interface ChannelActor {
  readonly operator: string;
  readonly ip: string | null;
}

/** The message of a change of where money goes sent without the reason its approver needs. */
export const CHANNEL_CHANGE_NEEDS_REASON =
  'reason is required: a change of a channel’s settings or keys needs a second operator’s approval';

/**
 * What an approved channel change applies: the console's body, with each key in it sealed for the request
 * (pendingChannelSecretPurpose) so the request's payload never holds one in the clear.
 */
const channelChangePayload = z.object({
  channel_id: z.number().int().positive(),
  // The change as the route parsed it (amounts already in minor units, presets a list): stored and applied
  // as it is, never parsed again from the console's wire form.
  body: z.object({
    name: z.string().optional(),
    is_enabled: z.boolean().optional(),
    sort_order: z.number().int().optional(),
    min_amount: z.number().int().optional(),
    max_amount: z.number().int().optional(),
    fixed_amounts: z.array(z.number().int()).optional(),
    settings: z.record(z.string(), z.string()).optional(),
  }),
  sealed_secrets: z.record(z.string(), z.string()),
});
type ChannelChangePayload = z.output<typeof channelChangePayload>;

/** A change of a payment channel without the reason that goes with it. */
type ChannelChange = Omit<AdminPaymentChannelUpdateBody, 'reason'>;

/** Whether a change touches where players' money goes: a channel's settings (payee, addresses) or keys. */
function changesWhereMoneyGoes(body: ChannelChange): boolean {
  return Object.keys(body.settings ?? {}).length > 0 || Object.keys(body.secrets ?? {}).length > 0;
}

/**
 * A channel's settings as an object with its secrets opened (they are stored sealed); anything else stored
 * there, or a secret that does not open, is a bug or tampering and fails loudly.
 */
function openedSettings(
  secrets: SecretBox,
  row: Pick<PaymentChannelRow, 'key' | 'adapter' | 'settings_json'>,
): ChannelSettings {
  const parsed: unknown = JSON.parse(row.settings_json);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`payment channel ${row.key}: settings_json is not an object`);
  }
  return openChannelSecrets(secrets, row.adapter, parsed as ChannelSettings);
}

/** The schema of one setting of an adapter, from the adapter's own settings schema. */
function fieldSchema(adapter: PaymentAdapterName, name: string): z.ZodType | undefined {
  const schema = ADAPTER_SETTINGS_SCHEMAS[adapter];
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[name] : undefined;
}

function secretState(value: unknown): ChannelSecretState {
  const set = typeof value === 'string' && value.trim() !== '';
  return {
    set,
    last4:
      set && value.length >= CHANNEL_SECRET_HINT_MIN_LENGTH ? value.slice(-CHANNEL_SECRET_HINT_LENGTH) : null,
  };
}

/** What keeps the channel from taking payments, naming the field; null when its settings are complete. */
function configurationProblem(adapter: PaymentAdapterName, settings: Record<string, unknown>): string | null {
  const result = ADAPTER_SETTINGS_SCHEMAS[adapter].safeParse(settings);
  if (result.success) return null;
  const [issue] = result.error.issues;
  const field = issue?.path.map(String).join('.') ?? '';
  if (issue?.code === 'invalid_type' && settings[field] === undefined) return `${field} is required`;
  const message = issue?.message ?? 'invalid';
  // Messages of the adapters' schemas mostly name the field already; never the value (zod does not echo it).
  return message.startsWith(field)
    ? message
    : `${field} ${/required/i.test(message) ? 'is required' : message}`;
}

/**
 * The console's view of a payment channel from its row and its opened settings: the shown settings, and of
 * each secret only whether it is set and its last characters.
 */
export function toAdminPaymentChannelDto(
  row: PaymentChannelRow,
  stored: ChannelSettings,
): AdminPaymentChannelDto {
  const settings: Record<string, string> = {};
  const secrets: Record<string, ChannelSecretState> = {};
  for (const field of PAYMENT_CHANNEL_FIELDS[row.adapter] ?? []) {
    if (field.secret) secrets[field.name] = secretState(stored[field.name]);
    else settings[field.name] = typeof stored[field.name] === 'string' ? (stored[field.name] as string) : '';
  }
  const problem = configurationProblem(row.adapter, stored);
  return {
    id: Number(row.id),
    key: row.key,
    name: row.name,
    type: row.type,
    adapter: row.adapter,
    is_enabled: Number(row.is_enabled) === 1,
    sort_order: Number(row.sort_order),
    min_amount: minorToDecimalString(Number(row.min_amount_minor)),
    max_amount: minorToDecimalString(Number(row.max_amount_minor)),
    fixed_amounts: formatPresets(row.fixed_amounts_json),
    settings,
    secrets,
    configured: problem === null,
    problem,
    update_time: Number(row.updated_at),
  };
}

function toAdminWithdrawalChannelDto(row: WithdrawalChannelRow): AdminWithdrawalChannelDto {
  return {
    id: Number(row.id),
    key: row.key,
    name: row.name,
    adapter: row.adapter,
    bank_code_group_id: row.bank_code_group_id === null ? null : Number(row.bank_code_group_id),
    is_enabled: Number(row.is_enabled) === 1,
    sort_order: Number(row.sort_order),
    update_time: Number(row.updated_at),
  };
}

/** The shown fields of a channel view that differ between before and after. */
function differences<View extends Record<string, unknown>>(
  before: View,
  after: View,
): { previous: Record<string, unknown>; value: Record<string, unknown> } {
  const previous: Record<string, unknown> = {};
  const value: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      previous[key] = before[key];
      value[key] = after[key];
    }
  }
  return { previous, value };
}

/** The part of a payment channel an audit row may show: everything but the secrets. */
function auditView(dto: AdminPaymentChannelDto): Record<string, unknown> {
  return {
    name: dto.name,
    is_enabled: dto.is_enabled,
    sort_order: dto.sort_order,
    min_amount: dto.min_amount,
    max_amount: dto.max_amount,
    fixed_amounts: dto.fixed_amounts,
    ...Object.fromEntries(Object.entries(dto.settings).map(([name, text]) => [`settings.${name}`, text])),
  };
}

/**
 * The console's payment and payout channels (issue 18 "payment and payout channels, keys write-only"): list
 * them, switch them on and off, change what players see (name, order, bounds, presets, the UPI account of a
 * manual channel) and set or replace the gateway keys. Keys stay in the channel's settings, sealed (see
 * channel-secrets.ts), where its adapter opens them; no answer and no audit row ever carries one.
 */
export class ChannelsOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly secrets: SecretBox,
    private readonly approvals: ApprovalService,
  ) {
    approvals.register({
      kind: 'payment_channel.change',
      payloadSchema: channelChangePayload,
      execute: (trx, payload, context) => this.applyApproved(trx, payload, context),
    });
  }

  /** GET /admin/api/payment-channels. */
  async paymentChannels(): Promise<{ code: 200; queryset: AdminPaymentChannelDto[] }> {
    const rows = await listAllPaymentChannels(this.database.db);
    return {
      code: 200,
      queryset: rows.map((row) => toAdminPaymentChannelDto(row, openedSettings(this.secrets, row))),
    };
  }

  /**
   * PUT /admin/api/payment-channels/:id: validates every field against the channel's adapter, audited. A
   * change of the channel's settings or keys (where players' money goes, and what vouches for a payment) is
   * not applied: it becomes a request (HTTP 202, a reason required) that a second operator approves; the
   * name, order, bounds, presets and the switch apply at once.
   */
  async updatePaymentChannel(
    id: number,
    body: AdminPaymentChannelUpdateBody,
    operator: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; entry: AdminPaymentChannelDto } | ApprovalRequestedResponse> {
    const actor = { operator: operator.auditName, ip };
    // A form sends every setting it shows; only those that differ from what is stored are changes.
    const effective = await this.withoutUnchangedSettings(id, body);
    if (!changesWhereMoneyGoes(effective)) {
      const entry = await runInTransaction(this.database, (trx) =>
        this.applyUpdate(trx, id, effective, actor),
      );
      return { code: 200, entry };
    }
    const { reason, ...change } = effective;
    // Checked now as the approval will check it again, so nobody is asked to approve a change that fails.
    const row = await this.validateUpdate(id, change);
    if (reason === undefined) throw badRequest(CHANNEL_CHANGE_NEEDS_REASON);
    const sealedSecrets = Object.fromEntries(
      Object.entries(change.secrets ?? {}).map(([name, secret]) => [
        name,
        this.secrets.seal(secret, pendingChannelSecretPurpose(name)),
      ]),
    );
    const { secrets: _secrets, ...shown } = change;
    return this.approvals.request(
      {
        kind: 'payment_channel.change',
        payload: {
          channel_id: id,
          body: shown,
          sealed_secrets: sealedSecrets,
        } satisfies ChannelChangePayload,
        summary: `Payment channel ${row.key}: ${[
          ...Object.keys(change.settings ?? {}).map((name) => `settings.${name}`),
          ...Object.keys(change.secrets ?? {}).map((name) => `secrets.${name}`),
        ].join(', ')} changed`,
        details: {
          channel: row.key,
          ...shown,
          ...(Object.keys(sealedSecrets).length === 0
            ? {}
            : { secrets: Object.fromEntries(Object.keys(sealedSecrets).map((name) => [name, 'new key'])) }),
        },
        approverRoles: ['finance'],
        reason,
      },
      operator,
    );
  }

  /** The body without the settings whose value is the one stored (secrets are never compared: write-only). */
  private async withoutUnchangedSettings(
    id: number,
    body: AdminPaymentChannelUpdateBody,
  ): Promise<AdminPaymentChannelUpdateBody> {
    if (body.settings === undefined) return body;
    const row = await findPaymentChannelById(this.database.db, id);
    if (!row) throw notFound('Payment channel not found');
    const current = openedSettings(this.secrets, row);
    const changed = Object.entries(body.settings).filter(
      ([name, text]) => text !== (typeof current[name] === 'string' ? current[name] : ''),
    );
    const { settings: _settings, ...rest } = body;
    return changed.length === 0 ? rest : { ...rest, settings: Object.fromEntries(changed) };
  }

  /** Runs a change's checks against the channel as it is now, writing nothing; answers the channel's row. */
  private async validateUpdate(id: number, body: ChannelChange): Promise<PaymentChannelRow> {
    return runInTransaction(this.database, async (trx) => {
      const row = await lockPaymentChannelById(trx, this.database.dialect, id);
      if (!row) throw notFound('Payment channel not found');
      this.prepareUpdate(row, body);
      return row;
    });
  }

  /** The approved change of a channel's settings or keys, applied in the approval's transaction. */
  private async applyApproved(
    trx: Kysely<Database>,
    payload: ChannelChangePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    const secrets = Object.fromEntries(
      Object.entries(payload.sealed_secrets).map(([name, sealed]) => [
        name,
        this.secrets.open(sealed, pendingChannelSecretPurpose(name)),
      ]),
    );
    const body: ChannelChange = { ...payload.body, secrets };
    const entry = await this.applyUpdate(
      trx,
      payload.channel_id,
      body,
      { operator: context.approver.name, ip: null },
      {
        requested_by: context.requester.name,
        approval_request_id: context.requestId,
      },
    );
    return { entry };
  }

  /** Validates and writes one change of a payment channel in the caller's transaction, audited. */
  private async applyUpdate(
    trx: Kysely<Database>,
    id: number,
    body: ChannelChange,
    actor: ChannelActor,
    approval: Record<string, unknown> = {},
  ): Promise<AdminPaymentChannelDto> {
    const row = await lockPaymentChannelById(trx, this.database.dialect, id);
    if (!row) throw notFound('Payment channel not found');
    const { before, settings, secretChanges, changes } = this.prepareUpdate(row, body);
    await updatePaymentChannel(trx, id, changes as never);
    const after = toAdminPaymentChannelDto({ ...row, ...(changes as Partial<PaymentChannelRow>) }, settings);
    const { previous, value } = differences(auditView(before), auditView(after));
    for (const [name, change] of Object.entries(secretChanges)) {
      previous[`secrets.${name}`] = change.previous;
      value[`secrets.${name}`] = change.value;
    }
    await this.audit.record(
      ChannelAuditEvent.paymentChannelChanged,
      { ip: actor.ip, detail: { operator: actor.operator, channel: row.key, previous, value, ...approval } },
      trx,
    );
    return after;
  }

  /** Every check of a change against the channel's adapter and its current state; answers what to write. */
  private prepareUpdate(row: PaymentChannelRow, body: ChannelChange) {
    // Worked on in the clear and sealed again as a whole when written (new keys with them).
    const settings = openedSettings(this.secrets, row);
    const before = toAdminPaymentChannelDto(row, settings);
    const fields = PAYMENT_CHANNEL_FIELDS[row.adapter] ?? [];
    const secretChanges: Record<string, { previous: string; value: string }> = {};
    for (const [name, text] of Object.entries(body.settings ?? {})) {
      const field = fields.find((candidate) => candidate.name === name);
      if (!field) throw badRequest(`settings.${name} is not a setting of ${row.adapter} channels`);
      if (field.secret) throw badRequest(`settings.${name} is a secret key: send it in secrets`);
      if (text === '') {
        delete settings[name];
        continue;
      }
      const parsed = fieldSchema(row.adapter, name)?.safeParse(text);
      if (!parsed?.success) {
        const message = parsed?.error.issues[0]?.message ?? 'is not valid';
        throw badRequest(`settings.${name}: ${message}`);
      }
      settings[name] = parsed.data;
    }
    for (const [name, secret] of Object.entries(body.secrets ?? {})) {
      const field = fields.find((candidate) => candidate.name === name);
      if (!field) throw badRequest(`secrets.${name} is not a setting of ${row.adapter} channels`);
      if (!field.secret) throw badRequest(`secrets.${name} is not a secret key: send it in settings`);
      const parsed = fieldSchema(row.adapter, name)?.safeParse(secret);
      if (!parsed?.success) {
        // zod's messages never echo the input, so the key cannot leak into the answer.
        const message = parsed?.error.issues[0]?.message ?? 'is not valid';
        throw badRequest(`secrets.${name}: ${message}`);
      }
      const wasSet = secretState(settings[name]).set;
      secretChanges[name] = {
        previous: wasSet ? SecretAuditState.set : SecretAuditState.notSet,
        value: wasSet ? SecretAuditState.replaced : SecretAuditState.set,
      };
      settings[name] = parsed.data;
    }

    const minMinor = body.min_amount ?? Number(row.min_amount_minor);
    const maxMinor = body.max_amount ?? Number(row.max_amount_minor);
    if (maxMinor < minMinor) throw badRequest('max_amount must be at least min_amount');
    const presets = body.fixed_amounts ?? channelPresetsSchema.parse(JSON.parse(row.fixed_amounts_json));
    if (body.fixed_amounts !== undefined || body.min_amount !== undefined || body.max_amount !== undefined) {
      const outside = presets.find((amountMinor) => amountMinor < minMinor || amountMinor > maxMinor);
      if (outside !== undefined) {
        throw badRequest(
          `fixed_amounts must lie between min_amount and max_amount (${outside / MINOR_PER_MAJOR} does not)`,
        );
      }
    }
    const enabled = body.is_enabled ?? Number(row.is_enabled) === 1;
    // An enabled channel players are offered must stay complete; one being switched on must be complete.
    const problem = enabled ? configurationProblem(row.adapter, settings) : null;
    if (problem && body.is_enabled === true) {
      throw badRequest(`is_enabled: the channel cannot take payments yet (${problem})`);
    }
    if (problem && before.configured) {
      throw badRequest(`${problem} while the channel is enabled (disable it first)`);
    }

    const changes: Partial<Record<keyof PaymentChannelsTable, unknown>> = {
      settings_json: JSON.stringify(sealChannelSecrets(this.secrets, row.adapter, settings)),
      min_amount_minor: minMinor,
      max_amount_minor: maxMinor,
      fixed_amounts_json: JSON.stringify(presets),
      is_enabled: enabled ? 1 : 0,
      updated_at: this.clock.now(),
    };
    if (body.name !== undefined) changes.name = body.name;
    if (body.sort_order !== undefined) changes.sort_order = body.sort_order;
    return { before, settings, secretChanges, changes };
  }

  /** GET /admin/api/withdrawal-channels. */
  async withdrawalChannels(): Promise<{ code: 200; queryset: AdminWithdrawalChannelDto[] }> {
    const rows = await listAllWithdrawalChannels(this.database.db);
    return { code: 200, queryset: rows.map(toAdminWithdrawalChannelDto) };
  }

  /** PUT /admin/api/withdrawal-channels/:id: name, order and the switch, audited. */
  async updateWithdrawalChannel(
    id: number,
    body: AdminWithdrawalChannelUpdateBody,
    actor: ChannelActor,
  ): Promise<{ code: 200; entry: AdminWithdrawalChannelDto }> {
    const entry = await runInTransaction(this.database, async (trx) => {
      const row = await lockWithdrawalChannelById(trx, this.database.dialect, id);
      if (!row) throw notFound('Withdrawal channel not found');
      const changes: Partial<Record<keyof WithdrawalChannelsTable, unknown>> = {
        updated_at: this.clock.now(),
      };
      if (body.name !== undefined) changes.name = body.name;
      if (body.sort_order !== undefined) changes.sort_order = body.sort_order;
      if (body.is_enabled !== undefined) changes.is_enabled = body.is_enabled ? 1 : 0;
      await updateWithdrawalChannel(trx, id, changes as never);
      const before = toAdminWithdrawalChannelDto(row);
      const after = toAdminWithdrawalChannelDto({ ...row, ...(changes as Partial<WithdrawalChannelRow>) });
      const { previous, value } = differences(
        { name: before.name, is_enabled: before.is_enabled, sort_order: before.sort_order },
        { name: after.name, is_enabled: after.is_enabled, sort_order: after.sort_order },
      );
      await this.audit.record(
        ChannelAuditEvent.withdrawalChannelChanged,
        { ip: actor.ip, detail: { operator: actor.operator, channel: row.key, previous, value } },
        trx,
      );
      return after;
    });
    return { code: 200, entry };
  }
}
