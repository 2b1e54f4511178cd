import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MediaUploadRow, MediaUploadsTable } from './uploads.tables.ts';

/** Stores an image; the same content uploaded twice is one row. */
export async function insertMediaUpload(db: Kysely<Database>, row: MediaUploadsTable): Promise<void> {
  await db
    .insertInto('media_uploads')
    .values(row)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** An uploaded image by name. */
export async function findMediaUpload(
  db: Kysely<Database>,
  name: string,
): Promise<MediaUploadRow | undefined> {
  return db.selectFrom('media_uploads').selectAll().where('name', '=', name).executeTakeFirst();
}
