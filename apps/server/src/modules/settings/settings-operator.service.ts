import { containsMalformedText } from '@app/shared';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { SETTING_DEFINITIONS, type SettingKey } from './settings.definitions.ts';
import type { SettingsService } from './settings.service.ts';

/** The audit event of an operator's settings change. */
export const OPERATOR_SETTING_CHANGED = 'operator_setting_changed';

/** Who changed a setting, for the audit row. */
export interface OperatorActor {
  operator: string;
  ip: string;
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
  async list(): Promise<{ code: 200; settings: Record<string, unknown> }> {
    const keys = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
    return { code: 200, settings: await this.settings.getMany(keys) };
  }

  /** Replaces one setting's value; an unknown key answers 404, a value its schema refuses 400 naming `value`. */
  async update(
    key: string,
    body: unknown,
    actor: OperatorActor,
  ): Promise<{ code: 200; key: string; value: unknown }> {
    if (!isSettingKey(key)) throw notFound(`Unknown setting ${key}`);
    const { value } = parseInput(z.object({ value: SETTING_DEFINITIONS[key].schema }), body);
    if (containsMalformedText(value))
      throw badRequest('value must be valid text (it contains malformed characters)');
    await runInTransaction(this.database, async (trx) => {
      const previous = await this.settings.get(key, trx);
      await this.settings.set(key, value as never, trx);
      await this.audit.record(
        OPERATOR_SETTING_CHANGED,
        { ip: actor.ip, detail: { operator: actor.operator, key, previous, value } },
        trx,
      );
    });
    this.settings.changed();
    return { code: 200, key, value };
  }
}
