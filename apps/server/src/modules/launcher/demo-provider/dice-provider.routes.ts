import { demoOpenBody, demoRollBody, demoSessionBody } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { framedByAppRouteOptions } from '../../../http/security-headers.ts';
import { parseInput } from '../../../http/validation.ts';
import { DICE_ICON_SVG, DICE_PAGE_CSS, DICE_PAGE_HTML, DICE_PAGE_SCRIPT } from './dice-page.ts';
import { DEMO_DICE_PAGE_PATH, type DiceProviderService } from './dice-provider.service.ts';

/** The demo provider's page, its files, and the calls its page makes. */
export function registerDiceProviderRoutes(app: FastifyInstance, dice: DiceProviderService): void {
  // The launcher's frame on /moreGame shows this page: the app's own security headers, except that the app
  // (same origin) and nothing else may frame it (DESIGN.md "Auth and security").
  app.get(DEMO_DICE_PAGE_PATH, framedByAppRouteOptions(), (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(DICE_PAGE_HTML),
  );
  app.get('/demo-provider/dice.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DICE_PAGE_SCRIPT),
  );
  app.get('/demo-provider/dice.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(DICE_PAGE_CSS),
  );
  app.get('/demo-provider/dice.svg', (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DICE_ICON_SVG),
  );
  app.post('/demo-provider/api/open', (request) => dice.open(parseInput(demoOpenBody, request.body).token));
  app.post('/demo-provider/api/roll', (request) => {
    const body = parseInput(demoRollBody, request.body);
    return dice.roll(body.session_id, {
      stakeMinor: body.stake_minor,
      target: body.target,
      clientSeed: body.client_seed,
    });
  });
  app.post('/demo-provider/api/balance', (request) =>
    dice.balance(parseInput(demoSessionBody, request.body).session_id),
  );
  app.post('/demo-provider/api/reveal', (request) =>
    dice.reveal(parseInput(demoSessionBody, request.body).session_id),
  );
}
