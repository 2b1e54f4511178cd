import { minorToDecimalString } from '@app/shared';
import { z } from 'zod';
import {
  type CreatedOrder,
  type OrderRef,
  type OrderRequest,
  type PaymentAdapter,
  type PaymentReport,
  type VerifiedWebhook,
  WebhookVerificationError,
} from './payment-adapter.ts';

/** A UPI virtual payment address such as goldshop@upi. */
const UPI_ADDRESS_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z0-9.-]{2,64}$/;
const upiAddress = z.string().trim().regex(UPI_ADDRESS_PATTERN, 'upi_account must be a UPI address');
/** The placeholder a pay_url template must contain, replaced by the recharge's serial number. */
export const PAY_URL_SERIAL_PLACEHOLDER = '{serial_number}';
/** Optional placeholder replaced by the amount as a decimal string. */
export const PAY_URL_AMOUNT_PLACEHOLDER = '{amount}';

/** The settings row of an mpurse (manual UPI) channel: the operator's UPI account the payer pays. */
export const mpurseSettingsSchema = z.object({
  upi_account: upiAddress,
  payee_name: z.string().trim().min(1).max(100),
});
export type MpurseSettings = z.output<typeof mpurseSettingsSchema>;

/**
 * The settings row of a pay_url channel: where to send the browser (relative URLs are prefixed with the
 * server address by the app), and optionally a UPI account whose QR code the payment page shows.
 */
export const payUrlSettingsSchema = z.object({
  url_template: z
    .string()
    .trim()
    .min(1)
    .max(900)
    .refine(
      (value) => value.includes(PAY_URL_SERIAL_PLACEHOLDER),
      `url_template must contain ${PAY_URL_SERIAL_PLACEHOLDER}`,
    )
    .refine(
      (value) => value.startsWith('/') || /^https?:\/\//.test(value),
      'url_template must be a path or an http(s) URL',
    ),
  upi_account: upiAddress.optional(),
  payee_name: z.string().trim().min(1).max(100).optional(),
});
export type PayUrlSettings = z.output<typeof payUrlSettingsSchema>;

/**
 * The upi://pay link of a manual recharge (NPCI's UPI linking specification): payee address and name,
 * amount, currency and the serial number as the note, so the operator can match the transfer.
 */
export function upiPaymentLink(input: {
  payeeUpiAccount: string;
  payeeName: string | null;
  amountMinor: number;
  currency: string;
  serialNumber: string;
}): string {
  const query = new URLSearchParams({
    pa: input.payeeUpiAccount,
    ...(input.payeeName ? { pn: input.payeeName } : {}),
    am: minorToDecimalString(input.amountMinor),
    cu: input.currency,
    tn: input.serialNumber,
  });
  // UPI apps read %20 for spaces; URLSearchParams writes +.
  return `upi://pay?${query.toString().replace(/\+/g, '%20')}`;
}

/** Shared behaviour of the two manual adapters: no gateway to ask, no webhooks; an operator confirms. */
abstract class ManualAdapter implements PaymentAdapter {
  abstract readonly name: 'mpurse' | 'pay_url';
  readonly manual = true;

  abstract createOrder(request: OrderRequest): Promise<CreatedOrder>;

  /** A manual transfer has no signed return: the recharge waits for its UTR and the operator. */
  async verifyReturn(order: OrderRef): Promise<PaymentReport> {
    return { outcome: 'pending', gatewayOrderId: order.gatewayOrderId };
  }

  /** No gateway sends webhooks for a manual transfer, so every one is refused. */
  async verifyWebhook(): Promise<VerifiedWebhook> {
    throw new WebhookVerificationError(`${this.name} channels take no webhooks`);
  }

  /** Nobody to ask: only the operator knows whether the money arrived. */
  async fetchStatus(order: OrderRef): Promise<PaymentReport> {
    return { outcome: 'pending', gatewayOrderId: order.gatewayOrderId };
  }
}

/** mpurse: the app shows the operator's UPI account (/transferPayment); the payer submits the UTR. */
export class MpurseAdapter extends ManualAdapter {
  readonly name = 'mpurse' as const;

  constructor(private readonly settings: MpurseSettings) {
    super();
  }

  /** Answers the account to pay; nothing is created anywhere else. */
  async createOrder(): Promise<CreatedOrder> {
    return {
      gatewayOrderId: null,
      answer: { upi_account: this.settings.upi_account },
      payUrl: null,
      payeeUpiAccount: this.settings.upi_account,
      payeeName: this.settings.payee_name,
    };
  }
}

/** pay_url: the app sends the browser to a URL, by default the payment page of the UPI flow. */
export class PayUrlAdapter extends ManualAdapter {
  readonly name = 'pay_url' as const;

  constructor(private readonly settings: PayUrlSettings) {
    super();
  }

  /** Fills the URL template with the serial number and amount. */
  async createOrder(request: OrderRequest): Promise<CreatedOrder> {
    const payUrl = this.settings.url_template
      .replaceAll(PAY_URL_SERIAL_PLACEHOLDER, encodeURIComponent(request.serialNumber))
      .replaceAll(PAY_URL_AMOUNT_PLACEHOLDER, minorToDecimalString(request.amountMinor));
    return {
      gatewayOrderId: null,
      answer: { pay_url: payUrl },
      payUrl,
      payeeUpiAccount: this.settings.upi_account ?? null,
      payeeName: this.settings.payee_name ?? null,
    };
  }
}
