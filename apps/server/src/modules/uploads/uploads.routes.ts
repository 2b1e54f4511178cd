import { adminMediaUploadBody, MEDIA_UPLOAD_MAX_BYTES, mediaUploadParams } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/app-error.ts';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { MediaService } from './uploads.service.ts';

/** The JSON body of an upload: the image in base64 (4/3 of its size) and a little room for the rest. */
const UPLOAD_BODY_LIMIT_BYTES = Math.ceil(MEDIA_UPLOAD_MAX_BYTES / 3) * 4 + 4096;
/** An upload's name is its content's hash: what it shows never changes. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** POST /admin/api/media (role content) and GET /media/uploads/:name for everyone. */
export function registerMediaRoutes(app: FastifyInstance, { media }: { media: MediaService }): void {
  app.post(
    '/admin/api/media',
    { ...operatorRoute('content'), bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
    (request) => media.upload(parseInput(adminMediaUploadBody, request.body), operatorActor(request)),
  );
  app.get('/media/uploads/:name', async (request, reply) => {
    const upload = await media.find(parseInput(mediaUploadParams, request.params).name);
    if (!upload) throw notFound('No such image');
    return reply
      .header('content-type', upload.content_type)
      .header('cache-control', UPLOAD_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(upload.bytes));
  });
}
