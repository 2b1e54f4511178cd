import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BankCodeRow, NewWithdrawalChannelRow, WithdrawalChannelRow } from './withdrawals.tables.ts';

/** The enabled withdrawal channels in the operator's order. */
export async function listEnabledWithdrawalChannels(db: Kysely<Database>): Promise<WithdrawalChannelRow[]> {
  return db
    .selectFrom('withdrawal_channels')
    .selectAll()
    .where('is_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The withdrawal channel with this key, enabled or not. */
export async function findWithdrawalChannelByKey(
  db: Kysely<Database>,
  key: string,
): Promise<WithdrawalChannelRow | undefined> {
  return db.selectFrom('withdrawal_channels').selectAll().where('key', '=', key).executeTakeFirst();
}

/** The banks of the given groups, in the operator's order. */
export async function listBankCodes(
  db: Kysely<Database>,
  groupIds: readonly number[],
): Promise<BankCodeRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('bank_codes')
    .selectAll()
    .where('group_id', 'in', groupIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One bank of a group by its code. */
export async function findBankCode(
  db: Kysely<Database>,
  groupId: number,
  code: string,
): Promise<BankCodeRow | undefined> {
  return db
    .selectFrom('bank_codes')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** How many withdrawal channels exist at all. */
export async function countWithdrawalChannels(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Creates a bank code group with its banks; answers the group's id. */
export async function insertBankCodeGroup(
  db: Kysely<Database>,
  group: { name: string; banks: ReadonlyArray<{ code: string; name: string }> },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('bank_code_groups')
    .values({ name: group.name, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groupId = Number(row.id);
  if (group.banks.length > 0) {
    await db
      .insertInto('bank_codes')
      .values(group.banks.map((bank, index) => ({ group_id: groupId, ...bank, sort_order: index })))
      .execute();
  }
  return groupId;
}

/** Inserts withdrawal channels; answers how many were written. */
export async function insertWithdrawalChannels(
  db: Kysely<Database>,
  channels: NewWithdrawalChannelRow[],
): Promise<number> {
  if (channels.length === 0) return 0;
  await db.insertInto('withdrawal_channels').values(channels).execute();
  return channels.length;
}
