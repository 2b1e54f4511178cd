import {
  type BankCodeDto,
  minorToDecimalString,
  type WithdrawalChannelDto,
  type WithdrawalChannelListResponse,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WageringService } from './wagering.service.ts';
import {
  findBankCode,
  findWithdrawalChannelByKey,
  listBankCodes,
  listEnabledWithdrawalChannels,
} from './withdrawal-channels.repository.ts';
import type { BankCodeRow, WithdrawalChannelRow } from './withdrawals.tables.ts';

export interface WithdrawalChannelServiceDependencies {
  db: Kysely<Database>;
  settings: SettingsService;
  wagering: WageringService;
  /**
   * Whether sandbox payout channels are offered. Off in production: the simulated bank "pays" money that
   * never leaves, so it must never take a real withdrawal.
   */
  sandboxAllowed: boolean;
}

/** The withdrawal channels the operator configured, with their bank lists. */
export class WithdrawalChannelService {
  constructor(private readonly dependencies: WithdrawalChannelServiceDependencies) {}

  /** GET /user/channels?type=withdrawal: needs_bet of the user, the support link and the channels. */
  async list(userId: number): Promise<WithdrawalChannelListResponse> {
    const { db, settings, wagering } = this.dependencies;
    const [rows, contactUrl, needsBetMinor, limits] = await Promise.all([
      listEnabledWithdrawalChannels(db),
      settings.get('withdrawal.contact_url'),
      wagering.needsBetMinor(db, userId),
      settings.getMany(['withdrawal.min_amount_minor', 'withdrawal.max_amount_minor']),
    ]);
    const offered = rows.filter((row) => this.isOffered(row));
    const groupIds = [
      ...new Set(
        offered.flatMap((row) => (row.bank_code_group_id === null ? [] : [Number(row.bank_code_group_id)])),
      ),
    ];
    const codes = await listBankCodes(db, groupIds);
    return {
      code: 200,
      needs_bet: minorToDecimalString(needsBetMinor),
      contact_url: contactUrl,
      // The bounds the request is checked against, so the app can say them before the player sends.
      min_amount: minorToDecimalString(limits['withdrawal.min_amount_minor']),
      max_amount: minorToDecimalString(limits['withdrawal.max_amount_minor']),
      queryset: offered.map((row) => toChannelDto(row, codes)),
    };
  }

  /** An enabled, offered channel by key. */
  async findOffered(key: string): Promise<WithdrawalChannelRow | undefined> {
    const row = await findWithdrawalChannelByKey(this.dependencies.db, key);
    return row && row.is_enabled === 1 && this.isOffered(row) ? row : undefined;
  }

  /** The bank of a channel's group by code, or undefined when the group has no such bank. */
  async findBank(groupId: number, code: string): Promise<BankCodeRow | undefined> {
    return findBankCode(this.dependencies.db, groupId, code);
  }

  private isOffered(row: WithdrawalChannelRow): boolean {
    return row.adapter !== 'sandbox' || this.dependencies.sandboxAllowed;
  }
}

function toChannelDto(row: WithdrawalChannelRow, codes: readonly BankCodeRow[]): WithdrawalChannelDto {
  const groupId = row.bank_code_group_id === null ? null : Number(row.bank_code_group_id);
  const bankCodes: BankCodeDto[] =
    groupId === null
      ? []
      : codes
          .filter((code) => Number(code.group_id) === groupId)
          .map((code) => ({ id: Number(code.id), code: code.code, name: code.name }));
  return { name: row.name, key: row.key, bank_code_group_id: groupId, bank_codes: bankCodes };
}
