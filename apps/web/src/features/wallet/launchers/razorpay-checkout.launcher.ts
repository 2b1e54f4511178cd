/** Razorpay's browser checkout, loaded only when a Razorpay recharge needs it (never on other screens). */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What the widget hands the page after a successful payment; the server verifies its signature. */
export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds Razorpay's script once and resolves with its constructor; a failed load may be tried again. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('Razorpay checkout loaded without window.Razorpay'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay checkout could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function isSuccess(value: unknown): value is RazorpaySuccess {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.razorpay_order_id === 'string' &&
    typeof record.razorpay_payment_id === 'string' &&
    typeof record.razorpay_signature === 'string'
  );
}

/**
 * Opens the Razorpay widget with the server's options; `onPaid` receives the widget's signed answer. A
 * payer who closes the widget stays on the recharge screen.
 */
export async function openRazorpayCheckout(
  options: Record<string, unknown>,
  onPaid: (success: RazorpaySuccess) => void,
): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    ...options,
    handler: (response: unknown) => {
      if (isSuccess(response)) onPaid(response);
      else console.error('Razorpay answered a payment without its signed fields', response);
    },
  });
  checkout.open();
}
