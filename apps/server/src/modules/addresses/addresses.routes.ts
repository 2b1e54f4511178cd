import { addressQuery, deleteAddressBody, editAddressBody } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { AddressService } from './addresses.service.ts';

/** The address calls of spec 01 §7; all need a logged-in user. */
export function registerAddressRoutes(
  app: FastifyInstance,
  { authGuard, addresses }: { authGuard: AuthGuard; addresses: AddressService },
): void {
  app.get('/user/addresses', { preHandler: authGuard }, (request) =>
    addresses.list(currentUser(request).userId),
  );
  app.get('/user/address', { preHandler: authGuard }, (request) =>
    addresses.get(currentUser(request).userId, parseInput(addressQuery, request.query).id),
  );
  app.post('/user/edit_address', { preHandler: authGuard }, (request) =>
    addresses.save(currentUser(request).userId, parseInput(editAddressBody, request.body)),
  );
  app.put('/user/delete_address', { preHandler: authGuard }, (request) =>
    addresses.delete(currentUser(request).userId, parseInput(deleteAddressBody, request.body).id),
  );
}
