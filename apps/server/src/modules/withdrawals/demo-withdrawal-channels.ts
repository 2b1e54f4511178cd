import type { MarketCode } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countWithdrawalChannels,
  insertBankCodeGroup,
  insertWithdrawalChannels,
} from './withdrawal-channels.repository.ts';

/** Key of the demo's manual payout channel: an operator transfers the money and marks it paid. */
export const DEMO_MANUAL_WITHDRAWAL_KEY = 'bank_transfer';
/** Key of the demo's channel through the simulated bank, which asks the user to choose a bank. */
export const DEMO_SANDBOX_WITHDRAWAL_KEY = 'sandbox_payout';

/** Real banks of each market (their public short codes), offered by the sandbox channel's bank list. */
const DEMO_BANKS: Readonly<Record<MarketCode, ReadonlyArray<{ code: string; name: string }>>> = {
  in: [
    { code: 'SBIN', name: 'State Bank of India' },
    { code: 'HDFC', name: 'HDFC Bank' },
    { code: 'ICIC', name: 'ICICI Bank' },
    { code: 'UTIB', name: 'Axis Bank' },
  ],
  pt: [
    { code: '001', name: 'Banco do Brasil' },
    { code: '104', name: 'Caixa Econômica Federal' },
    { code: '237', name: 'Bradesco' },
    { code: '341', name: 'Itaú Unibanco' },
    { code: '260', name: 'Nu Pagamentos (Nubank)' },
  ],
  mx: [
    { code: '002', name: 'Banamex' },
    { code: '012', name: 'BBVA México' },
    { code: '014', name: 'Santander' },
    { code: '072', name: 'Banorte' },
  ],
  vi: [
    { code: 'VCB', name: 'Vietcombank' },
    { code: 'BIDV', name: 'BIDV' },
    { code: 'CTG', name: 'VietinBank' },
    { code: 'TCB', name: 'Techcombank' },
  ],
};

/**
 * Seeds the demo's withdrawal channels into a database without any: manual payout (no bank choice) and
 * the sandbox payout with the market's bank list. Answers how many channels were inserted.
 */
export async function seedDemoWithdrawalChannels(
  db: Kysely<Database>,
  market: MarketCode,
  now: number,
): Promise<number> {
  if ((await countWithdrawalChannels(db)) > 0) return 0;
  const groupId = await insertBankCodeGroup(
    db,
    { name: `Banks (${market})`, banks: DEMO_BANKS[market] },
    now,
  );
  return insertWithdrawalChannels(db, [
    {
      key: DEMO_MANUAL_WITHDRAWAL_KEY,
      name: 'Bank transfer',
      adapter: 'manual',
      bank_code_group_id: null,
      is_enabled: 1,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    },
    {
      key: DEMO_SANDBOX_WITHDRAWAL_KEY,
      name: 'Sandbox payout (test bank)',
      adapter: 'sandbox',
      bank_code_group_id: groupId,
      is_enabled: 1,
      sort_order: 1,
      created_at: now,
      updated_at: now,
    },
  ]);
}
