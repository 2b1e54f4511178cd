import {
  adminGameBody,
  adminGameEnabledBody,
  adminGameListQuery,
  adminGameParams,
  adminProviderBody,
  SEAMLESS_NONCE_HEADER,
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  seamlessBalanceBody,
  seamlessCreditBody,
  seamlessDebitBody,
  seamlessOpenBody,
  seamlessProviderParams,
  seamlessRollbackBody,
  startGameQuery,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { currentOperator, operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { requireEarlyAccess } from '../../http/user-access-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { LauncherService } from './launcher.service.ts';
import type { SeamlessWalletService } from './seamless-wallet.service.ts';

/** The language a launched game should speak: the first of Accept-Language, or English. */
function languageOf(request: FastifyRequest): string {
  const first = (request.headers['accept-language'] ?? '').split(',')[0]?.trim() ?? '';
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(first) ? first : 'en';
}

/** GET /exg/owngame_start_game and the operator's providers and games. */
export function registerLauncherRoutes(
  app: FastifyInstance,
  services: { launcher: LauncherService; authGuard: AuthGuard },
): void {
  const { launcher, authGuard } = services;
  // The launcher's games are games: early-access players only (spec 02 §6), as Win, Aviator and Lucky Hit.
  app.get('/exg/owngame_start_game', { preHandler: [authGuard, requireEarlyAccess] }, (request) =>
    launcher.start(
      currentUser(request),
      parseInput(startGameQuery, request.query).game_id,
      languageOf(request),
    ),
  );
  app.get('/admin/api/game-providers', operatorRoute('content'), () => launcher.providers());
  app.post('/admin/api/game-providers', operatorRoute('content'), async (request, reply) =>
    replyWithCode(
      reply,
      await launcher.saveProvider(
        parseInput(adminProviderBody, request.body),
        currentOperator(request),
        request.ip,
      ),
    ),
  );
  app.get('/admin/api/games', operatorRoute('content'), (request) =>
    launcher.games(parseInput(adminGameListQuery, request.query)),
  );
  app.post('/admin/api/games', operatorRoute('content'), (request) =>
    launcher.registerGame(parseInput(adminGameBody, request.body), operatorActor(request)),
  );
  app.put('/admin/api/games/:id/enabled', operatorRoute('content'), (request) =>
    launcher.setEnabled(
      parseInput(adminGameParams, request.params).id,
      parseInput(adminGameEnabledBody, request.body).is_enabled,
      operatorActor(request),
    ),
  );
}

/**
 * POST /seamless/<provider>/{open,balance,debit,credit,rollback}: the provider-facing wallet. Registered in
 * a scope whose only body parser keeps the raw bytes: the signature is over the timestamp, the nonce and the
 * body exactly as sent.
 */
export async function registerSeamlessWalletRoutes(
  app: FastifyInstance,
  wallet: SeamlessWalletService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const signed = async <Schema extends z.ZodType>(request: FastifyRequest, schema: Schema) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const { provider: providerKey } = parseInput(seamlessProviderParams, request.params);
      const provider = await wallet.verify(providerKey, rawBody, {
        signature: header(SEAMLESS_SIGNATURE_HEADER),
        timestamp: header(SEAMLESS_TIMESTAMP_HEADER),
        nonce: header(SEAMLESS_NONCE_HEADER),
      });
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('body must be JSON');
      }
      return { provider, body: parseInput(schema, json) };
    };
    scope.post('/seamless/:provider/open', async (request) => {
      const { provider, body } = await signed(request, seamlessOpenBody);
      return wallet.open(provider, body.launch_token);
    });
    scope.post('/seamless/:provider/balance', async (request) => {
      const { provider, body } = await signed(request, seamlessBalanceBody);
      return wallet.balance(provider, body.session);
    });
    scope.post('/seamless/:provider/debit', async (request) => {
      const { provider, body } = await signed(request, seamlessDebitBody);
      return wallet.move(provider, 'debit', body);
    });
    scope.post('/seamless/:provider/credit', async (request) => {
      const { provider, body } = await signed(request, seamlessCreditBody);
      return wallet.move(provider, 'credit', body);
    });
    scope.post('/seamless/:provider/rollback', async (request) => {
      const { provider, body } = await signed(request, seamlessRollbackBody);
      return wallet.rollback(provider, body);
    });
  });
}
