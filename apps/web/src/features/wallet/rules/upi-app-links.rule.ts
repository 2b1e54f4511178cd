/** The UPI apps the Go Transfer dialog offers (spec 02 §2 "Payment pages"), by their brand names. */
export type UpiAppId = 'paytm' | 'googlePay' | 'phonePe';

export interface UpiApp {
  id: UpiAppId;
  /** Brand names are not translated. */
  name: string;
  /**
   * The start of the app's own pay link. Each app registers a scheme of its own besides the shared
   * upi://pay, and addressing it directly opens that app instead of Android's app chooser: Paytm answers
   * paytmmp://pay, Google Pay (formerly Tez) tez://upi/pay and PhonePe phonepe://pay, each taking the
   * same query as the generic upi://pay (pa, pn, am, cu, tn), which the payment page's "Open UPI app" uses
   * (from the server's url) to let the system choose. iOS, which has no chooser, needs the own schemes.
   */
  payLink: string;
}

export const UPI_APPS: readonly UpiApp[] = [
  { id: 'paytm', name: 'Paytm', payLink: 'paytmmp://pay' },
  { id: 'googlePay', name: 'GooglePay', payLink: 'tez://upi/pay' },
  { id: 'phonePe', name: 'PhonePe', payLink: 'phonepe://pay' },
];

/** What a pay link carries: the account to pay, the amount ("500.00"), the currency and the order. */
export interface UpiPayment {
  upiAccount: string;
  price: string;
  currency: string;
  serialNumber: string;
}

/**
 * A UPI pay link (NPCI's deep-link format): pa the payee's UPI id, am the amount, cu the currency and tn
 * the note, which carries the serial number so the operator can match the transfer to the order.
 */
export function upiPayLink(base: string, payment: UpiPayment): string {
  const query = new URLSearchParams({
    pa: payment.upiAccount,
    am: payment.price,
    cu: payment.currency,
    tn: payment.serialNumber,
  });
  // UPI apps read %20 for a space; URLSearchParams writes +.
  return `${base}?${query.toString().replace(/\+/g, '%20')}`;
}
