import type { FastifyInstance } from 'fastify';
import { type PublicReadAnswers, registerPublicRead } from '../../http/public-read-answers.ts';
import type { AppShellService } from './app-shell.service.ts';

/**
 * The app shell's Cache-Control: revalidated on every visit, like index.html, so a deploy or new home content
 * is picked up at once; an unchanged page answers 304.
 */
export const APP_SHELL_CACHE_CONTROL = 'no-cache';

/**
 * GET / answers the app shell with the app's configuration and the home screen's top content written in and
 * the first banner in its boot shell; every other file comes from the build. Any query string (a campaign's
 * utm_source) gets the same page.
 */
export function registerAppShellRoute(
  app: FastifyInstance,
  shell: AppShellService,
  answers: PublicReadAnswers,
): void {
  registerPublicRead(app, answers, '/', {
    cacheControl: APP_SHELL_CACHE_CONTROL,
    reply: () => shell.homePage(),
  });
}
