import { type Kysely, sql } from 'kysely';
import type { PlannedRead, PlannedWrite } from '../../db/combined-statements.ts';
import type { DialectName } from '../../db/dialect.ts';
import { jsonRowsFrom } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/** Adds one hit to a window's bucket, creating it if needed, and answers the bucket's hits afterwards. */
export async function incrementBucket(
  db: Kysely<Database>,
  bucketKey: string,
  expiresAt: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ bucket_key: bucketKey, hits: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.column('bucket_key').doUpdateSet((eb) => ({ hits: eb('rate_limit_buckets.hits', '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/**
 * Adds one hit to a window's bucket only while it holds fewer than `limit`, creating it if needed, in one
 * conditional upsert (the row lock of the upsert makes concurrent takers queue, on both dialects). Answers
 * the hits afterwards, or undefined when the bucket was already full and nothing was written.
 */
export async function incrementBucketBelow(
  db: Kysely<Database>,
  bucketKey: string,
  expiresAt: number,
  limit: number,
): Promise<number | undefined> {
  if (limit < 1) return undefined;
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ bucket_key: bucketKey, hits: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('bucket_key')
        .doUpdateSet((eb) => ({ hits: eb('rate_limit_buckets.hits', '+', 1) }))
        .where('rate_limit_buckets.hits', '<', limit),
    )
    .returning('hits')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.hits);
}

/** The hits of one bucket (0 when it does not exist). */
export async function readBucketHits(db: Kysely<Database>, bucketKey: string): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_buckets')
    .select('hits')
    .where('bucket_key', '=', bucketKey)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.hits);
}

/** Takes one hit back from a bucket (never below 0), for an action that was counted and then did not happen. */
export async function decrementBucket(db: Kysely<Database>, bucketKey: string): Promise<void> {
  await db
    .updateTable('rate_limit_buckets')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('bucket_key', '=', bucketKey)
    .where('hits', '>', 0)
    .execute();
}

/** Drops buckets whose window has ended. */
export async function deleteExpiredBuckets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('expires_at', '<=', now).execute();
}

/**
 * The hits of many buckets in one SELECT, planned for `readTogether`; a bucket that does not exist has none
 * and is absent from the map.
 */
export function planReadBucketHits(
  dialect: DialectName,
  bucketKeys: readonly string[],
): PlannedRead<{ bucket_key: string; hits: number }, Map<string, number>> {
  const source = jsonRowsFrom(
    dialect,
    's',
    bucketKeys.map((bucketKey) => ({ bucket_key: bucketKey })),
    { bucket_key: 'text' },
  );
  return {
    statement: sql<{ bucket_key: string; hits: number }>`
      select b.bucket_key, b.hits from rate_limit_buckets b join ${source} on b.bucket_key = s.bucket_key
    `,
    settle: (rows) => new Map(rows.map((row) => [row.bucket_key, Number(row.hits)])),
  };
}

/** A bucket of a combined upsert already held more hits than the upsert allowed (see planAddBucketHits). */
export class BucketLimitReachedError extends Error {
  constructor(written: number, listed: number) {
    super(`added hits to ${written} of ${listed} rate buckets: the others were at their limit`);
    this.name = 'BucketLimitReachedError';
  }
}

/**
 * Adds hits to many buckets in one upsert, creating the missing ones, planned for `writeTogether`; nothing
 * to add plans nothing. With `maxHits`, a bucket that would go above it is left alone, and the plan then
 * fails with BucketLimitReachedError: the caller decided on hits that were out of date. Every listed bucket
 * is written exactly once, or the plan fails loudly.
 */
export function planAddBucketHits(
  dialect: DialectName,
  additions: ReadonlyArray<{ bucketKey: string; hits: number; expiresAt: number }>,
  maxHits?: number,
): PlannedWrite | undefined {
  if (additions.length === 0) return undefined;
  const source = jsonRowsFrom(
    dialect,
    's',
    additions.map((addition) => ({
      bucket_key: addition.bucketKey,
      hits: addition.hits,
      expires_at: addition.expiresAt,
    })),
    { bucket_key: 'text', hits: 'integer', expires_at: 'integer' },
  );
  const limit =
    maxHits === undefined ? sql`` : sql`where rate_limit_buckets.hits + excluded.hits <= ${maxHits}`;
  // "where true" keeps SQLite from reading ON CONFLICT as the ON of a join.
  return {
    statement: sql`
      insert into rate_limit_buckets (bucket_key, hits, expires_at)
      select s.bucket_key, s.hits, s.expires_at from ${source} where true
      on conflict (bucket_key) do update set hits = rate_limit_buckets.hits + excluded.hits ${limit}
    `,
    settle: (written) => {
      if (written === additions.length) return;
      if (maxHits !== undefined && written < additions.length)
        throw new BucketLimitReachedError(written, additions.length);
      throw new Error(`added hits to ${written} of ${additions.length} rate buckets`);
    },
  };
}
