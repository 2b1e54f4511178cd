import { adminBannersBody, adminNoticesBody, adminSupportContactsBody } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { ContentOperatorService } from './content-operator.service.ts';

/** The console's content forms under /admin/api/content (role content). */
export function registerContentOperatorRoutes(
  app: FastifyInstance,
  { content }: { content: ContentOperatorService },
): void {
  app.get('/admin/api/content', operatorRoute('content'), () => content.get());
  app.put('/admin/api/content/banners', operatorRoute('content'), (request) =>
    content.saveBanners(parseInput(adminBannersBody, request.body), operatorActor(request)),
  );
  app.put('/admin/api/content/notices', operatorRoute('content'), (request) =>
    content.saveNotices(parseInput(adminNoticesBody, request.body), operatorActor(request)),
  );
  app.put('/admin/api/content/support-contacts', operatorRoute('content'), (request) =>
    content.saveSupportContacts(parseInput(adminSupportContactsBody, request.body), operatorActor(request)),
  );
}
