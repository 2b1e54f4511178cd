import { ResponseCode, WalletMessage } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  ChannelConfigurationError,
  type VerifiedWebhook,
  type WebhookRequest,
  WebhookVerificationError,
} from '../payments/payment-adapter.ts';
import type { PaymentChannelService } from './payment-channel.service.ts';
import type { RechargeCreditor, SettlementOutcome } from './recharge-crediting.service.ts';

/** The message of every refused webhook; the reason is logged, not told to the sender. */
export const INVALID_WEBHOOK_MESSAGE = 'Invalid webhook';

/** What the webhook endpoint answers the gateway. */
export type WebhookAnswer =
  | { readonly statusCode: 200; readonly body: { code: 200; outcome: SettlementOutcome } }
  | { readonly statusCode: 400 | 404 | 503; readonly body: { code: number; msg: string } };

/**
 * Receives a gateway's webhook: finds the channel it came in on, has the channel's adapter verify the
 * signature over the raw body and parse it, and hands the result to the crediting function. The HTTP
 * route and the sandbox gateway both call this, so a sandbox payment is credited by production code.
 */
export class RechargeWebhookService {
  constructor(
    private readonly channels: PaymentChannelService,
    private readonly creditor: RechargeCreditor,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Handles one delivery; an unsigned, tampered or malformed one answers 400 and credits nothing. */
  async receive(channelKey: string, request: WebhookRequest): Promise<WebhookAnswer> {
    const channel = await this.channels.findByKey(channelKey);
    if (!channel) {
      return { statusCode: 404, body: { code: ResponseCode.notFound, msg: WalletMessage.unknownChannel } };
    }
    let verified: VerifiedWebhook;
    try {
      verified = await this.channels.adapterFor(channel).verifyWebhook(request);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        this.logger.warn({ channel: channelKey, reason: error.message }, 'refused a webhook');
        return { statusCode: 400, body: { code: ResponseCode.badRequest, msg: INVALID_WEBHOOK_MESSAGE } };
      }
      if (error instanceof ChannelConfigurationError) {
        // The gateway retries later; by then the operator may have fixed the channel's settings.
        this.logger.error(
          { err: error, channel: channelKey },
          'cannot verify webhooks of a misconfigured channel',
        );
        return {
          statusCode: 503,
          body: { code: ResponseCode.unavailable, msg: WalletMessage.gatewayUnavailable },
        };
      }
      throw error;
    }
    const outcome = await this.creditor.settleWebhook(channel, verified);
    return { statusCode: 200, body: { code: 200, outcome } };
  }
}
