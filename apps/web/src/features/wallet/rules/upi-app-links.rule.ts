/** The UPI apps the Go Transfer dialog offers (spec 02 §2 "Payment pages"), by their brand names. */
export type UpiAppId = 'paytm' | 'googlePay' | 'phonePe';

export interface UpiApp {
  id: UpiAppId;
  /** Brand names are not translated. */
  name: string;
  /**
   * The app's Android package. Every UPI app takes the same upi://pay link, so the link alone lets Android
   * pick (or ask); naming the package in Chrome's intent link is what opens the app the player chose.
   */
  androidPackage: string;
}

export const UPI_APPS: readonly UpiApp[] = [
  { id: 'paytm', name: 'Paytm', androidPackage: 'net.one97.paytm' },
  { id: 'googlePay', name: 'GooglePay', androidPackage: 'com.google.android.apps.nbu.paisa.user' },
  { id: 'phonePe', name: 'PhonePe', androidPackage: 'com.phonepe.app' },
];

/** What a pay link carries: the account to pay, its owner, the amount ("500.00"), currency and order. */
export interface UpiPayment {
  upiAccount: string;
  /** The payee's name when the server told it; apps show it to the payer, and some warn without one. */
  payeeName?: string | null;
  price: string;
  currency: string;
  serialNumber: string;
}

const UPI_SCHEME = 'upi';
const UPI_PAY_PATH = 'pay';

/**
 * The query of a UPI pay link (NPCI's deep-link format): pa the payee's UPI id, pn the payee's name, am the
 * amount, cu the currency and tn the note, which carries the serial number so the operator can match the
 * transfer to the order. It is the same query the server's upi://pay link for this recharge has (the QR code
 * of /rechargePayment); tr is left out as it is there, because apps treat a tr as a merchant order, which
 * the operator's personal UPI account is not.
 */
function upiPayQuery(payment: UpiPayment): string {
  const query = new URLSearchParams({ pa: payment.upiAccount });
  const payeeName = payment.payeeName?.trim();
  if (payeeName) query.set('pn', payeeName);
  query.set('am', payment.price);
  query.set('cu', payment.currency);
  query.set('tn', payment.serialNumber);
  // UPI apps read %20 for a space; URLSearchParams writes +.
  return query.toString().replace(/\+/g, '%20');
}

/** The standard upi://pay link: the system hands it to a UPI app (or asks which one). */
export function upiPayLink(payment: UpiPayment): string {
  return `${UPI_SCHEME}://${UPI_PAY_PATH}?${upiPayQuery(payment)}`;
}

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

function isWebAddress(url: string): boolean {
  try {
    return WEB_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Chrome's intent link for one app (developer.chrome.com/docs/android/intents): the same upi://pay link,
 * written as intent://pay?…#Intent;scheme=upi;package=…;end, opens the named app. When that app is not
 * installed Chrome goes to the fallback address instead of the Play Store; Chrome only follows http and
 * https fallbacks, so any other address is left out.
 */
export function upiAppIntentLink(app: UpiApp, payment: UpiPayment, fallbackUrl: string | null): string {
  const extras = [`scheme=${UPI_SCHEME}`, `package=${app.androidPackage}`];
  if (fallbackUrl && isWebAddress(fallbackUrl)) {
    extras.push(`S.browser_fallback_url=${encodeURIComponent(fallbackUrl)}`);
  }
  return `intent://${UPI_PAY_PATH}?${upiPayQuery(payment)}#Intent;${extras.join(';')};end`;
}

/** Whether the browser runs on Android, where intent links can name an app (a WebView says so too). */
export function isAndroidUserAgent(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent);
}

/**
 * The link that opens the chosen app: on Android Chrome's intent link naming its package, falling back to
 * the given page; elsewhere (iOS, a desktop) the plain upi://pay link, since only Android can name an app
 * and iOS hands the standard link to the UPI app installed.
 */
export function upiAppLink(
  app: UpiApp,
  payment: UpiPayment,
  device: { android: boolean; fallbackUrl: string | null },
): string {
  return device.android ? upiAppIntentLink(app, payment, device.fallbackUrl) : upiPayLink(payment);
}

/**
 * The payee's name from the server's upi://pay link of the recharge (query_recharge_by_sn's qr_code), when
 * that link pays the same account as this page; null when there is none, so a link never names a payee
 * for an account it does not belong to.
 */
export function payeeNameFromPayLink(payLink: string, upiAccount: string): string | null {
  let url: URL;
  try {
    url = new URL(payLink);
  } catch {
    return null;
  }
  if (url.protocol !== `${UPI_SCHEME}:`) return null;
  const account = url.searchParams.get('pa')?.trim().toLowerCase();
  if (!account || account !== upiAccount.trim().toLowerCase()) return null;
  const name = url.searchParams.get('pn')?.trim();
  return name ? name : null;
}
