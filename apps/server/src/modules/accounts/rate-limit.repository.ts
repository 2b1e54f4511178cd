import { type Kysely, sql } from 'kysely';
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

/** Drops buckets whose window has ended. */
export async function deleteExpiredBuckets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('expires_at', '<=', now).execute();
}

/** The hits of many buckets in one SELECT; a bucket that does not exist has none and is absent. */
export async function readBucketHits(
  db: Kysely<Database>,
  dialect: DialectName,
  bucketKeys: readonly string[],
): Promise<Map<string, number>> {
  if (bucketKeys.length === 0) return new Map();
  const source = jsonRowsFrom(
    dialect,
    's',
    bucketKeys.map((bucketKey) => ({ bucket_key: bucketKey })),
    { bucket_key: 'text' },
  );
  const result = await sql<{ bucket_key: string; hits: number }>`
    select b.bucket_key, b.hits from rate_limit_buckets b join ${source} on b.bucket_key = s.bucket_key
  `.execute(db);
  return new Map(result.rows.map((row) => [row.bucket_key, Number(row.hits)]));
}

/** Adds hits to many buckets in one upsert, creating the missing ones; answers how many rows it wrote. */
export async function addBucketHits(
  db: Kysely<Database>,
  dialect: DialectName,
  additions: ReadonlyArray<{ bucketKey: string; hits: number; expiresAt: number }>,
): Promise<number> {
  if (additions.length === 0) return 0;
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
  // "where true" keeps SQLite from reading ON CONFLICT as the ON of a join.
  const result = await sql`
    insert into rate_limit_buckets (bucket_key, hits, expires_at)
    select s.bucket_key, s.hits, s.expires_at from ${source} where true
    on conflict (bucket_key) do update set hits = rate_limit_buckets.hits + excluded.hits
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
