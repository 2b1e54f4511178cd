import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { jsonRowsFrom } from '../../db/dialect.ts';
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

/** The columns that name one claim of a bulk claim. */
export interface ClaimedKey {
  id: number;
  user_id: number;
  route: string;
  key: string;
}

/**
 * Claims many keys in one INSERT … ON CONFLICT DO NOTHING; answers the rows it created (keys that existed
 * already are missing from the answer). The claims must not repeat a key among themselves. As with
 * claimKey, PostgreSQL makes this wait for a concurrent transaction holding one of the keys.
 */
export async function claimKeys(
  db: Kysely<Database>,
  dialect: DialectName,
  claims: readonly KeyClaim[],
): Promise<ClaimedKey[]> {
  if (claims.length === 0) return [];
  const source = jsonRowsFrom(
    dialect,
    's',
    claims.map((claim) => ({
      key: claim.key,
      user_id: claim.userId,
      route: claim.route,
      request_hash: claim.requestHash,
      created_at: claim.createdAt,
    })),
    { key: 'text', user_id: 'integer', route: 'text', request_hash: 'text', created_at: 'integer' },
  );
  // "where true" keeps SQLite from reading ON CONFLICT as the ON of a join.
  const result = await sql<ClaimedKey>`
    insert into idempotency_keys (key, user_id, route, request_hash, response_json, status_code, created_at)
    select s.key, s.user_id, s.route, s.request_hash, null, null, s.created_at from ${source} where true
    on conflict (user_id, route, key) do nothing
    returning id, user_id, route, key
  `.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}

/** The stored rows of many keys (those that exist). */
export async function findKeys(
  db: Kysely<Database>,
  dialect: DialectName,
  lookups: ReadonlyArray<{ userId: number; route: string; key: string }>,
): Promise<IdempotencyKeyRow[]> {
  if (lookups.length === 0) return [];
  const source = jsonRowsFrom(
    dialect,
    's',
    lookups.map((lookup) => ({ user_id: lookup.userId, route: lookup.route, key: lookup.key })),
    { user_id: 'integer', route: 'text', key: 'text' },
  );
  const result = await sql<IdempotencyKeyRow>`
    select k.* from idempotency_keys k
    join ${source} on k.user_id = s.user_id and k.route = s.route and k.key = s.key
  `.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}

/** The UPDATE storing the answers of many claimed keys at once (for `writeTogether`). */
export function storeResponsesStatement(
  dialect: DialectName,
  responses: ReadonlyArray<{ id: number; responseJson: string; statusCode: number }>,
): RawBuilder<unknown> {
  const source = jsonRowsFrom(
    dialect,
    's',
    responses.map((response) => ({
      id: response.id,
      response_json: response.responseJson,
      status_code: response.statusCode,
    })),
    { id: 'integer', response_json: 'text', status_code: 'integer' },
  );
  return sql`
    update idempotency_keys set response_json = s.response_json, status_code = s.status_code
    from ${source} where idempotency_keys.id = s.id
  `;
}

/** The DELETE of claimed keys by id (claims of requests that were refused), for `writeTogether`. */
export function deleteKeysByIdStatement(dialect: DialectName, ids: readonly number[]): RawBuilder<unknown> {
  const source = jsonRowsFrom(
    dialect,
    's',
    ids.map((id) => ({ id })),
    { id: 'integer' },
  );
  return sql`delete from idempotency_keys where id in (select s.id from ${source})`;
}
