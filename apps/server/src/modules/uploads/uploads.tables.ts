import type { Selectable } from 'kysely';

/** Tables of migration 0055-media-uploads. */
export interface MediaTables {
  media_uploads: MediaUploadsTable;
}

/** One uploaded image, named by its content's hash and extension (`<32 hex>.png`). */
export interface MediaUploadsTable {
  name: string;
  content_type: string;
  byte_length: number;
  bytes: Buffer;
  created_at: number;
}

export type MediaUploadRow = Selectable<MediaUploadsTable>;
