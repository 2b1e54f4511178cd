import { operatorUserParams, playerAdjustmentBody } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorRoute } from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { parseInput } from '../../http/validation.ts';
import type { PlayerAdjustmentService } from './player-adjustments.service.ts';

/** POST /admin/api/users/:id/adjustments (finance and support ask; a second operator approves). */
export function registerPlayerAdjustmentRoutes(
  app: FastifyInstance,
  { adjustments }: { adjustments: PlayerAdjustmentService },
): void {
  app.post('/admin/api/users/:id/adjustments', operatorRoute('finance', 'support'), async (request, reply) =>
    replyWithCode(
      reply,
      await adjustments.request(
        parseInput(operatorUserParams, request.params).id,
        parseInput(playerAdjustmentBody, request.body),
        currentOperator(request),
      ),
    ),
  );
}
