import type { FastifyInstance } from 'fastify';
import type { AppShellAnswers } from '../../http/app-shell-fast-path.ts';
import { PUBLIC_READ_ROUTE_OPTIONS } from '../../http/cached-reply.ts';
import type { AppShellService } from './app-shell.service.ts';

/**
 * The app shell's Cache-Control: revalidated on every visit, like index.html, so a deploy or new home content
 * is picked up at once; an unchanged page answers 304.
 */
export const APP_SHELL_CACHE_CONTROL = 'no-cache';

/**
 * GET / answers the app shell with the app's configuration and the home screen's top content written in and
 * the first banner in its boot shell; every other file comes from the build. A ready page is answered before
 * Fastify's routing (`answers.serverFactory`); this route answers the rest (a page still loading, injected
 * requests) through the same writer.
 */
export function registerAppShellRoute(
  app: FastifyInstance,
  shell: AppShellService,
  answers: AppShellAnswers,
): void {
  answers.serve(() => shell.homePage());
  app.get('/', PUBLIC_READ_ROUTE_OPTIONS, async (request, reply) => {
    const page = await shell.homePage();
    reply.hijack();
    answers.write(request.raw, reply.raw, page, request.id);
  });
}
