import { operatorUserParams, playerRecordsQuery, playerSessionParams } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { PlayerViewService } from './player-view.service.ts';

/** The player view's records (support and finance read them) and the ending of a player's session. */
export function registerPlayerViewRoutes(
  app: FastifyInstance,
  { playerView }: { playerView: PlayerViewService },
): void {
  app.get('/admin/api/users/:id/records', operatorRoute('support', 'finance'), (request) =>
    playerView.records(
      parseInput(operatorUserParams, request.params).id,
      parseInput(playerRecordsQuery, request.query),
    ),
  );
  app.post('/admin/api/users/:id/sessions/:session_id/revoke', operatorRoute('support'), (request) => {
    const { id, session_id } = parseInput(playerSessionParams, request.params);
    return playerView.revokeSession(id, session_id, operatorActor(request));
  });
}
