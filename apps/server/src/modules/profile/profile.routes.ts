import { changeNickNameBody } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/app-error.ts';
import {
  AUTHENTICATED_CACHE_CONTROL,
  type AuthGuard,
  currentUser,
  readTokenHeader,
} from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { ProfileService } from './profile.service.ts';

export interface ProfileRouteServices {
  profile: ProfileService;
  authGuard: AuthGuard;
}

/** The profile calls of spec 01 §7. */
export function registerProfileRoutes(app: FastifyInstance, services: ProfileRouteServices): void {
  const { profile, authGuard } = services;
  // Authenticated by the profile's own statement, which reads the session with the account (one round
  // trip instead of two); the session rules are the auth guard's.
  app.get('/user/profile', (request, reply) => {
    reply.header('cache-control', AUTHENTICATED_CACHE_CONTROL);
    const token = readTokenHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    return profile.profileForToken(token);
  });
  app.post('/user/change_nick_name', { preHandler: authGuard }, (request) => {
    const { nick_name } = parseInput(changeNickNameBody, request.body);
    return profile.changeNickName(currentUser(request).userId, nick_name, request.ip);
  });
  app.get('/user/get_app_version', () => profile.appVersion());
  app.get('/user/get_app_version_auth', { preHandler: authGuard }, () => profile.appVersion());
  app.get('/user/notification', { preHandler: authGuard }, (request) =>
    profile.notification(currentUser(request).userId),
  );
}
