import type { FastifyInstance } from 'fastify';
import type { AppShellService } from './app-shell.service.ts';

/** GET / answers the app shell with the first banner preloaded; every other file comes from the build. */
export function registerAppShellRoute(app: FastifyInstance, shell: AppShellService): void {
  app.get('/', async (_request, reply) =>
    reply
      // Revalidated on every visit, like index.html, so a deploy or a new banner is picked up at once.
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await shell.homePage()),
  );
}
