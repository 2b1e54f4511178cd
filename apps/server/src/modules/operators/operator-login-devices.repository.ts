import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Remembers a device of an operator by its token's hash; answers the device's id. */
export async function insertOperatorLoginDevice(
  db: Kysely<Database>,
  device: { operator_id: number; token_hash: string; user_agent: string | null; now: number },
): Promise<number> {
  const row = await db
    .insertInto('operator_login_devices')
    .values({
      operator_id: device.operator_id,
      token_hash: device.token_hash,
      user_agent: device.user_agent,
      created_at: device.now,
      last_used_at: device.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The unrevoked device of a token hash, only if it belongs to the operator of this username and was used
 * since `usedSince`; otherwise undefined.
 */
export async function findKnownOperatorDevice(
  db: Kysely<Database>,
  filter: { tokenHash: string; username: string; usedSince: number },
): Promise<{ id: number; operator_id: number } | undefined> {
  const row = await db
    .selectFrom('operator_login_devices')
    .innerJoin('operators', 'operators.id', 'operator_login_devices.operator_id')
    .select(['operator_login_devices.id', 'operator_login_devices.operator_id'])
    .where('operator_login_devices.token_hash', '=', filter.tokenHash)
    .where('operators.username', '=', filter.username)
    .where('operator_login_devices.revoked_at', 'is', null)
    .where('operator_login_devices.last_used_at', '>', filter.usedSince)
    .executeTakeFirst();
  return row === undefined ? undefined : { id: Number(row.id), operator_id: Number(row.operator_id) };
}

/** Records a successful login from a device. */
export async function touchOperatorLoginDevice(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db
    .updateTable('operator_login_devices')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes every unrevoked device of an operator except the `keep` most recently used (all of them with keep
 * 0); answers how many it revoked.
 */
export async function revokeOperatorLoginDevices(
  db: Kysely<Database>,
  operatorId: number,
  now: number,
  keep = 0,
): Promise<number> {
  let query = db
    .updateTable('operator_login_devices')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (keep > 0) {
    query = query.where('id', 'not in', (sub) =>
      sub
        .selectFrom('operator_login_devices')
        .select('id')
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
