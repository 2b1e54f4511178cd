import type { AddRechargeResponse } from '@app/shared';

/**
 * What the app does with a created recharge (spec 01 §4 "Recharge"): open the Razorpay widget, post a
 * form to a gateway (ka, cashfree and other form-post gateways), go to /transferPayment (mpurse), or send
 * the browser to a pay_url. `unusable` is an answer with none of these, or with an address that is not
 * a web address.
 */
export type RechargeLaunch =
  | { kind: 'razorpay'; serialNumber: string; options: Record<string, unknown> }
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'transfer_payment'; path: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'unusable' };

/** The manual UPI page the mpurse answer leads to (spec 01 §2). */
export const TRANSFER_PAYMENT_PATH = '/transferPayment';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * An address from the server made absolute against the server's origin (a relative pay_url such as
 * "/pay/sandbox/R1" or "/#/rechargePayment?sn=R1"); null unless it is an http or https address, so no
 * answer can make the app run a javascript: or data: URL.
 */
export function resolveServerUrl(url: string, serverOrigin: string): string | null {
  if (url.trim() === '') return null;
  try {
    const resolved = new URL(url.trim(), serverOrigin);
    return WEB_PROTOCOLS.has(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}

function isTextRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((field) => typeof field === 'string' || typeof field === 'number');
}

/** Reads the add_recharge answer into the one thing the app does next. */
export function rechargeLaunch(response: AddRechargeResponse, serverOrigin: string): RechargeLaunch {
  const { options, gateway, data_dict: fields, upi_account: upiAccount, pay_url: payUrl } = response;
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) {
    return { kind: 'razorpay', serialNumber: response.serial_number, options };
  }
  if (typeof gateway === 'string' && isTextRecord(fields)) {
    const action = resolveServerUrl(gateway, serverOrigin);
    if (!action) return { kind: 'unusable' };
    const textFields = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, String(value)]),
    );
    return { kind: 'form', action, fields: textFields };
  }
  if (typeof upiAccount === 'string' && upiAccount !== '') {
    const query = new URLSearchParams({
      upi_account: upiAccount,
      price: response.price,
      serial_number: response.serial_number,
    });
    return { kind: 'transfer_payment', path: `${TRANSFER_PAYMENT_PATH}?${query.toString()}` };
  }
  if (typeof payUrl === 'string') {
    const url = resolveServerUrl(payUrl, serverOrigin);
    return url ? { kind: 'redirect', url } : { kind: 'unusable' };
  }
  return { kind: 'unusable' };
}

/**
 * The app route an address leads to when it is one of this app's own hash routes (the UPI pay_url
 * "/#/rechargePayment?sn=…" on the same server), so the app moves there without reloading; else null.
 */
export function inAppPath(url: string, page: { origin: string; pathname: string }): string | null {
  const target = new URL(url);
  if (target.origin !== page.origin || target.pathname !== page.pathname) return null;
  return target.hash.startsWith('#/') ? target.hash.slice(1) : null;
}
