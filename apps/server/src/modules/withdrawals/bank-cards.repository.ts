import type { BankCardFields } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BankCardRow } from './withdrawals.tables.ts';

/** Every live card of a user, newest first. */
export async function listBankCards(db: Kysely<Database>, userId: number): Promise<BankCardRow[]> {
  return db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** One live card of a user; another user's card, or a deleted one, is not found. */
export async function findBankCard(
  db: Kysely<Database>,
  userId: number,
  cardId: number,
): Promise<BankCardRow | undefined> {
  return db
    .selectFrom('bank_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** How many live cards a user has. */
export async function countBankCards(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('bank_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds a card and answers it. */
export async function insertBankCard(
  db: Kysely<Database>,
  userId: number,
  fields: BankCardFields,
  times: { now: number; withdrawableFrom: number },
): Promise<BankCardRow> {
  return db
    .insertInto('bank_cards')
    .values({
      ...fields,
      user_id: userId,
      withdrawable_from: times.withdrawableFrom,
      created_at: times.now,
      updated_at: times.now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the fields of a live card of the user and restarts its cool-down; undefined when not theirs. */
export async function updateBankCard(
  db: Kysely<Database>,
  userId: number,
  cardId: number,
  fields: BankCardFields,
  times: { now: number; withdrawableFrom: number },
): Promise<BankCardRow | undefined> {
  return db
    .updateTable('bank_cards')
    .set({ ...fields, withdrawable_from: times.withdrawableFrom, updated_at: times.now })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a live card of the user deleted; answers whether there was one. */
export async function deleteBankCard(
  db: Kysely<Database>,
  userId: number,
  cardId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('bank_cards')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
