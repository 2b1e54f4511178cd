import { createHash } from 'node:crypto';
import {
  type AdminMediaUploadBody,
  type AdminMediaUploadResponse,
  MEDIA_UPLOAD_MAX_BYTES,
  type MediaUploadType,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { findMediaUpload, insertMediaUpload } from './uploads.repository.ts';
import type { MediaUploadRow } from './uploads.tables.ts';

/** Where uploads are served: a path on this server, as banner and product images are. */
export const MEDIA_UPLOADS_PATH = '/media/uploads/';
/** An upload's name: 32 hex characters of its SHA-256 and its extension. */
export const MEDIA_UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
export const MEDIA_UPLOADED_EVENT = 'operator_media_uploaded';

const EXTENSIONS: Readonly<Record<MediaUploadType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Whether the bytes start as an image of the named type does (its file signature). */
function hasSignatureOf(type: MediaUploadType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
    case 'image/webp':
      return (
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
    default:
      return false;
  }
}

/**
 * Images an operator uploads for banners: checked to be the PNG, JPEG or WebP they claim (never SVG, which
 * can carry scripts), at most MEDIA_UPLOAD_MAX_BYTES, stored in the database and audited.
 */
export class MediaService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** POST /admin/api/media: stores the image and answers its address. */
  async upload(
    body: AdminMediaUploadBody,
    actor: { operator: string; ip: string | null },
  ): Promise<AdminMediaUploadResponse> {
    const bytes = Buffer.from(body.data_base64, 'base64');
    if (bytes.length === 0) throw badRequest('data_base64 is required');
    if (bytes.length > MEDIA_UPLOAD_MAX_BYTES) {
      throw badRequest(`data_base64 must be at most ${MEDIA_UPLOAD_MAX_BYTES} bytes`);
    }
    if (!hasSignatureOf(body.content_type, bytes)) {
      throw badRequest(`data_base64 is not a ${body.content_type} image`);
    }
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const name = `${hash}.${EXTENSIONS[body.content_type]}`;
    const url = `${MEDIA_UPLOADS_PATH}${name}`;
    await runInTransaction(this.database, async (trx) => {
      await insertMediaUpload(trx, {
        name,
        content_type: body.content_type,
        byte_length: bytes.length,
        bytes,
        created_at: this.clock.now(),
      });
      await this.audit.record(
        MEDIA_UPLOADED_EVENT,
        {
          ip: actor.ip,
          detail: { operator: actor.operator, url, bytes: bytes.length, content_type: body.content_type },
        },
        trx,
      );
    });
    return { code: 200, url };
  }

  /** An uploaded image by its name, or undefined. */
  async find(name: string): Promise<MediaUploadRow | undefined> {
    if (!MEDIA_UPLOAD_NAME_PATTERN.test(name)) return undefined;
    return findMediaUpload(this.database.db, name);
  }
}
