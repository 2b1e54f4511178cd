import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../http/auth-guard.ts';
import { registerGiftRoutes } from './gifts.routes.ts';
import { GiftsService, type GiftsServiceDependencies } from './gifts.service.ts';

/** Builds the gifts service once per server. */
export function createGiftsService(dependencies: GiftsServiceDependencies): GiftsService {
  return new GiftsService(dependencies);
}

/** Registers the gift routes of players and the operator. */
export function registerGiftsModule(
  app: FastifyInstance,
  gifts: GiftsService,
  options: { authGuard: AuthGuard },
): void {
  registerGiftRoutes(app, {
    gifts,
    authGuard: options.authGuard,
  });
}
