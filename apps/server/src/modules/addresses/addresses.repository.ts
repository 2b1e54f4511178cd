import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AddressRow } from './addresses.tables.ts';

/** The fields a user types for an address. */
export interface AddressFields {
  full_name: string;
  mobile_number: string;
  pin_code: string;
  state: string;
  town_city: string;
  detail_address: string;
}

/** Every address of a user, newest first. */
export async function listAddresses(db: Kysely<Database>, userId: number): Promise<AddressRow[]> {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** One address of a user; another user's address is not found. */
export async function findAddress(
  db: Kysely<Database>,
  userId: number,
  addressId: number,
): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** How many addresses a user has. */
export async function countAddresses(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds an address and answers it. */
export async function insertAddress(
  db: Kysely<Database>,
  userId: number,
  fields: AddressFields,
  now: number,
): Promise<AddressRow> {
  return db
    .insertInto('addresses')
    .values({ ...fields, user_id: userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the fields of one of the user's addresses; answers it, or undefined when it is not theirs. */
export async function updateAddress(
  db: Kysely<Database>,
  userId: number,
  addressId: number,
  fields: AddressFields,
  now: number,
): Promise<AddressRow | undefined> {
  return db
    .updateTable('addresses')
    .set({ ...fields, updated_at: now })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the user's addresses; answers whether there was one. */
export async function deleteAddress(
  db: Kysely<Database>,
  userId: number,
  addressId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('addresses')
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
