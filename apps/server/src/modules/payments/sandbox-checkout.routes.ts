import { devSandboxPayBody, formatMoney, type MarketCode, SERIAL_NUMBER_PATTERN } from '@app/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validation.ts';
import { SANDBOX_CHECKOUT_PATH } from './sandbox.adapter.ts';
import { renderCheckoutPage, renderUnknownOrderPage } from './sandbox-checkout.page.ts';
import type { SandboxCompletion, SandboxGateway } from './sandbox-gateway.ts';

/** Where the checkout sends the payer back: the app's recharge record, with the signed return. */
export const SANDBOX_RETURN_PATH = '/#/rechargeRecord';

/** The answer of POST /dev/sandbox/pay. */
export interface DevSandboxPayResponse {
  code: 200;
  serial_number: string;
  order_id: string;
  payment_id: string;
  status: 'paid' | 'failed';
  signature: string;
  webhook_status: number | null;
}

/** The app's return URL after the checkout, carrying what the app hands to POST /user/recharge_return. */
export function sandboxReturnLocation(completion: SandboxCompletion): string {
  const query = new URLSearchParams({
    sn: completion.serialNumber,
    order_id: completion.orderId,
    payment_id: completion.paymentId,
    signature: completion.signature,
    status: completion.status,
  });
  return `${SANDBOX_RETURN_PATH}?${query.toString()}`;
}

/**
 * The sandbox gateway's checkout page (GET /pay/sandbox/<serial>, with Pay and Fail posting to
 * /pay/sandbox/<serial>/pay and /fail) and, when `devRoutes` is set, POST /dev/sandbox/pay for tests.
 * Never registered in production: the sandbox credits money that nobody paid.
 */
export async function registerSandboxRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxGateway; market: MarketCode; devRoutes: boolean },
): Promise<void> {
  const { gateway, market } = options;
  const pageHeaders = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY');

  const orderOf = async (serialNumber: string) =>
    SERIAL_NUMBER_PATTERN.test(serialNumber) ? gateway.findOrder(serialNumber) : undefined;

  await app.register(async (scope) => {
    // The buttons are plain HTML forms, so this scope reads form bodies (and needs nothing from them).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { sn: string } }>(`${SANDBOX_CHECKOUT_PATH}/:sn`, async (request, reply) => {
      const order = await orderOf(request.params.sn);
      if (!order) return pageHeaders(reply).code(404).send(renderUnknownOrderPage());
      return pageHeaders(reply).send(
        renderCheckoutPage({
          serialNumber: order.serialNumber,
          amountText: formatMoney(order.amountMinor, market),
          paid: await gateway.isPaid(order),
          actionPath: `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(order.serialNumber)}`,
          returnPath: `${SANDBOX_RETURN_PATH}?sn=${encodeURIComponent(order.serialNumber)}`,
        }),
      );
    });

    for (const [action, choice] of [
      ['pay', 'paid'],
      ['fail', 'failed'],
    ] as const) {
      scope.post<{ Params: { sn: string } }>(
        `${SANDBOX_CHECKOUT_PATH}/:sn/${action}`,
        async (request, reply) => {
          const order = await orderOf(request.params.sn);
          if (!order) return pageHeaders(reply).code(404).send(renderUnknownOrderPage());
          const completion = await gateway.complete(order, choice);
          return reply.code(303).header('location', sandboxReturnLocation(completion)).send();
        },
      );
    }
  });

  if (!options.devRoutes) return;
  app.post('/dev/sandbox/pay', async (request): Promise<DevSandboxPayResponse> => {
    const { serial_number } = parseInput(devSandboxPayBody, request.body);
    const order = await gateway.findOrder(serial_number);
    if (!order) throw notFound('No sandbox order with this serial number');
    const completion = await gateway.complete(order, 'paid');
    return {
      code: 200,
      serial_number: completion.serialNumber,
      order_id: completion.orderId,
      payment_id: completion.paymentId,
      status: completion.status,
      signature: completion.signature,
      webhook_status: completion.webhookStatus ?? null,
    };
  });
}
