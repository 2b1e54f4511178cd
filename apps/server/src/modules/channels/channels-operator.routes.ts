import {
  adminChannelParams,
  adminPaymentChannelUpdateBody,
  adminWithdrawalChannelUpdateBody,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { parseInput } from '../../http/validation.ts';
import type { ChannelsOperatorService } from './channels-operator.service.ts';

/** The payment and payout channels under /admin/api (role finance; owner too, auditor reads). */
export function registerChannelsOperatorRoutes(
  app: FastifyInstance,
  { channels }: { channels: ChannelsOperatorService },
): void {
  app.get('/admin/api/payment-channels', operatorRoute('finance'), () => channels.paymentChannels());
  app.put('/admin/api/payment-channels/:id', operatorRoute('finance'), async (request, reply) =>
    replyWithCode(
      reply,
      await channels.updatePaymentChannel(
        parseInput(adminChannelParams, request.params).id,
        parseInput(adminPaymentChannelUpdateBody, request.body),
        currentOperator(request),
        request.ip,
      ),
    ),
  );
  app.get('/admin/api/withdrawal-channels', operatorRoute('finance'), () => channels.withdrawalChannels());
  app.put('/admin/api/withdrawal-channels/:id', operatorRoute('finance'), (request) =>
    channels.updateWithdrawalChannel(
      parseInput(adminChannelParams, request.params).id,
      parseInput(adminWithdrawalChannelUpdateBody, request.body),
      operatorActor(request),
    ),
  );
}
