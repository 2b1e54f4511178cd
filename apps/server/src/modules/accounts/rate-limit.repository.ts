import type { Kysely } from 'kysely';
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
