import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { WebhookRequest } from './payment-adapter.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEvent,
  sandboxReturnSignature,
  sandboxWebhookSignature,
} from './sandbox.adapter.ts';
import { insertSandboxPayment, listSandboxPayments } from './sandbox-payments.repository.ts';

/** An order as the sandbox gateway knows it. */
export interface SandboxOrder {
  readonly serialNumber: string;
  readonly gatewayOrderId: string;
  readonly amountMinor: number;
  /** The channel the order was taken through: its webhook URL and its signing secret. */
  readonly channelKey: string;
  readonly webhookSecret: string;
}

/** Sends a signed webhook to the shop, as the gateway's HTTP call would. */
export type WebhookDelivery = (
  channelKey: string,
  request: WebhookRequest,
) => Promise<{ statusCode: number }>;

export interface SandboxGatewayDependencies {
  db: Kysely<Database>;
  clock: Clock;
  currency: string;
  /** Finds a sandbox order by the recharge's serial number. */
  findOrder: (serialNumber: string) => Promise<SandboxOrder | undefined>;
  deliver: WebhookDelivery;
  logger: FastifyBaseLogger;
}

/** What the payer's choice did at the sandbox, and what the checkout hands back to the app. */
export interface SandboxCompletion {
  readonly serialNumber: string;
  readonly orderId: string;
  readonly paymentId: string;
  readonly status: 'paid' | 'failed';
  /** Signature over order_id|payment_id, for the return to the app. */
  readonly signature: string;
  /** The shop's answer to the webhook (undefined when delivery failed; the poller then catches up). */
  readonly webhookStatus: number | undefined;
}

/** Random ids the way gateways make them: a prefix and base64url characters. */
function gatewayId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('base64url')}`;
}

/** Builds a signed sandbox webhook delivery for an event (the gateway's side of the signature). */
export function signedSandboxWebhook(webhookSecret: string, event: SandboxEvent): WebhookRequest {
  const rawBody = Buffer.from(JSON.stringify(event), 'utf8');
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: sandboxWebhookSignature(webhookSecret, rawBody),
    },
  };
}

/**
 * The sandbox gateway: what stands behind the sandbox checkout page's Pay and Fail buttons. It records the
 * payment in its own books (sandbox_payments, what fetchStatus reads), then sends the shop a signed
 * webhook exactly as a real gateway does. Once the server's routes exist the delivery is an HTTP request
 * to `POST /webhooks/<channel key>` injected into this server (`useDelivery`), so the raw-body parser, the
 * route and the signature check all run as for a real gateway, whatever address the server listens on; a
 * lost delivery is caught up by the poller like a real gateway's.
 */
export class SandboxGateway {
  private deliver: WebhookDelivery;

  constructor(private readonly dependencies: SandboxGatewayDependencies) {
    this.deliver = dependencies.deliver;
  }

  /** Sends later webhooks through `deliver` (the server's own HTTP endpoint once it is registered). */
  useDelivery(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  /** Whether a serial number is a sandbox order. */
  async findOrder(serialNumber: string): Promise<SandboxOrder | undefined> {
    return this.dependencies.findOrder(serialNumber);
  }

  /** Whether the sandbox already took a successful payment for the order. */
  async isPaid(order: SandboxOrder): Promise<boolean> {
    const payments = await listSandboxPayments(this.dependencies.db, order.gatewayOrderId);
    return payments.some((payment) => payment.status === 'paid');
  }

  /**
   * The payer pressed Pay or Fail. An order is paid at most once: once paid, both buttons answer that
   * payment again (and send its webhook again, as gateways retry).
   */
  async complete(order: SandboxOrder, choice: 'paid' | 'failed'): Promise<SandboxCompletion> {
    const { db, clock, currency } = this.dependencies;
    let payment: { paymentId: string; status: 'paid' | 'failed' } | undefined = await this.paidPayment(order);
    if (!payment) {
      const paymentId = gatewayId('sbp_');
      const inserted = await insertSandboxPayment(db, {
        order_id: order.gatewayOrderId,
        payment_id: paymentId,
        amount_minor: order.amountMinor,
        status: choice,
        created_at: clock.now(),
      });
      // A concurrent Pay won the race: its payment is the order's.
      payment = inserted ? { paymentId, status: choice } : await this.paidPayment(order);
      if (!payment) throw new Error(`sandbox order ${order.gatewayOrderId} lost its payment`);
    }
    const event: SandboxEvent = {
      id: gatewayId('evt_'),
      type: payment.status === 'paid' ? 'payment.paid' : 'payment.failed',
      created_at: clock.now(),
      data: {
        order_id: order.gatewayOrderId,
        payment_id: payment.paymentId,
        amount_minor: order.amountMinor,
        currency,
      },
    };
    let webhookStatus: number | undefined;
    try {
      const answer = await this.deliver(order.channelKey, signedSandboxWebhook(order.webhookSecret, event));
      webhookStatus = answer.statusCode;
    } catch (error) {
      this.dependencies.logger.error(
        { err: error, order: order.gatewayOrderId },
        'sandbox webhook delivery failed',
      );
    }
    return {
      serialNumber: order.serialNumber,
      orderId: order.gatewayOrderId,
      paymentId: payment.paymentId,
      status: payment.status,
      signature: sandboxReturnSignature(order.webhookSecret, order.gatewayOrderId, payment.paymentId),
      webhookStatus,
    };
  }

  private async paidPayment(order: SandboxOrder): Promise<{ paymentId: string; status: 'paid' } | undefined> {
    const payments = await listSandboxPayments(this.dependencies.db, order.gatewayOrderId);
    const paid = payments.find((payment) => payment.status === 'paid');
    return paid ? { paymentId: paid.payment_id, status: 'paid' } : undefined;
  }
}
