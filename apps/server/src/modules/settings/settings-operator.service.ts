import {
  containsMalformedText,
  OperatorMessage,
  type OperatorRole,
  operatorMayCall,
  ResponseCode,
} from '@app/shared';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import { SETTING_DEFINITIONS, type SettingKey, settingWriteSchema } from './settings.definitions.ts';
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
];

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
  ) {}

  /** Every setting with its current (or default) value. */
  async list(): Promise<{ code: 200; settings: Record<string, unknown>; definitions: SettingDescription[] }> {
    const keys = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
    const settings = await this.settings.getMany(keys);
    const definitions = keys.map((key) => ({
      key,
      value: settings[key],
      default: SETTING_DEFINITIONS[key].defaultValue,
      schema: z.toJSONSchema(SETTING_DEFINITIONS[key].schema, { unrepresentable: 'any' }),
      role: settingRole(key),
    }));
    return { code: 200, settings, definitions };
  }

  /** Replaces one setting's value; an unknown key answers 404, a value its schema refuses 400 naming `value`. */
  async update(
    key: string,
    body: unknown,
    actor: Pick<OperatorPrincipal, 'auditName' | 'role'>,
    ip: string | null,
  ): Promise<{ code: 200; key: string; value: unknown }> {
    if (!isSettingKey(key)) throw notFound(`Unknown setting ${key}`);
    if (!operatorMayCall(actor.role, { roles: [settingRole(key)] }, 'PUT')) {
      throw new AppError(ResponseCode.forbidden, OperatorMessage.forbidden);
    }
    // Malformed text is refused before the setting's own schema, so every setting answers it alike.
    const raw = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
    if (containsMalformedText(raw))
      throw badRequest('value must be valid text (it contains malformed characters)');
    const { value } = parseInput(z.object({ value: settingWriteSchema(key) }), body);
    await runInTransaction(this.database, async (trx) => {
      const previous = await this.settings.get(key, trx);
      await this.settings.set(key, value as never, trx);
      await this.audit.record(
        OPERATOR_SETTING_CHANGED,
        { ip, detail: { operator: actor.auditName, key, previous, value } },
        trx,
      );
    });
    this.settings.changed();
    return { code: 200, key, value };
  }
}
