import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IdempotencyKeyRow } from './idempotency.tables.ts';

export interface KeyClaim {
  key: string;
  userId: number;
  route: string;
  requestHash: string;
  createdAt: number;
}

/**
 * Inserts the key's row unless it exists; answers the new row's id, or undefined when the key is taken.
 * On PostgreSQL a concurrent first request holding the same key makes this wait until it commits or rolls
 * back, so the loser sees the winner's stored answer instead of running the operation a second time.
 */
export async function claimKey(db: Kysely<Database>, claim: KeyClaim): Promise<number | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      key: claim.key,
      user_id: claim.userId,
      route: claim.route,
      request_hash: claim.requestHash,
      response_json: null,
      status_code: null,
      created_at: claim.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'route', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The stored row of a key. */
export async function findKey(
  db: Kysely<Database>,
  userId: number,
  route: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('route', '=', route)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the answer of the request that claimed the key. */
export async function storeResponse(
  db: Kysely<Database>,
  id: number,
  responseJson: string,
  statusCode: number,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_json: responseJson, status_code: statusCode })
    .where('id', '=', id)
    .execute();
}

/** Deletes at most `limit` keys created before the cutoff; answers how many went. */
export async function deleteKeysCreatedBefore(
  db: Kysely<Database>,
  cutoffMs: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (eb) =>
      eb.selectFrom('idempotency_keys').select('id').where('created_at', '<', cutoffMs).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
