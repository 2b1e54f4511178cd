import type { DevSmsLastResponse, MarketCode } from '@app/shared';
import { createAccountSchemas } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/app-error.ts';
import { parseInput } from '../../../http/validation.ts';
import type { ConsoleSmsAdapter } from './console-sms.adapter.ts';

/**
 * GET /dev/sms/last?mobile=: the console sink's last message to a number, so tests and a person trying the
 * demo can read the code. Registered only outside production and only with the console provider.
 */
export function registerDevSmsRoutes(app: FastifyInstance, sms: ConsoleSmsAdapter, market: MarketCode): void {
  const { devSmsLastQuery } = createAccountSchemas(market);
  app.get('/dev/sms/last', async (request): Promise<DevSmsLastResponse> => {
    const { mobile } = parseInput(devSmsLastQuery, request.query);
    const message = await sms.lastMessage(mobile);
    if (!message) throw notFound('No message was sent to this number');
    return { code: 200, text: message.text, otp: message.otp };
  });
}
