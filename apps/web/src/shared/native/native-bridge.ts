import { getInAppFlag, setInAppFlag } from '../storage/storage.ts';

/** The tracking events the native app wrapper understands (spec 01 §9). */
export const NativeEvent = {
  register: 'e_regist',
  pay: 'e_pay',
  firstPay: 'e_first_pay',
  purchase: 'e_purchase',
} as const;
export type NativeEventName = (typeof NativeEvent)[keyof typeof NativeEvent];

/** Extra facts of an event, for example the amount of a payment ("1000.00"). */
export type NativeEventPayload = Readonly<Record<string, string | number | boolean>>;

/**
 * What the Android wrapper injects into its WebView as `window.AndroidBridge`. A WebView interface only
 * passes strings, so the payload travels as JSON text.
 */
export interface NativeAppBridge {
  track?: (eventName: string, payloadJson: string) => void;
}

declare global {
  interface Window {
    AndroidBridge?: NativeAppBridge;
  }
}

function bridge(): NativeAppBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.AndroidBridge;
}

/** Whether the native wrapper's bridge is present on this page. */
export function hasNativeBridge(): boolean {
  return typeof bridge()?.track === 'function';
}

/**
 * Whether the page runs inside the native app: the bridge is present, or the wrapper said so earlier (the
 * stored in_app flag). Seeing the bridge once is remembered, so pages opened without it still know.
 */
export function isInNativeApp(): boolean {
  if (hasNativeBridge()) {
    if (!getInAppFlag()) setInAppFlag(true);
    return true;
  }
  return getInAppFlag();
}

/** Reports an event to the native wrapper; does nothing in a plain browser and never throws. */
export function trackNativeEvent(eventName: NativeEventName, payload: NativeEventPayload = {}): boolean {
  const track = bridge()?.track;
  if (typeof track !== 'function') return false;
  try {
    track.call(bridge(), eventName, JSON.stringify(payload));
    return true;
  } catch (error) {
    // A broken wrapper must not break registration or payment; the event is only analytics.
    console.error(`Native event ${eventName} failed`, error);
    return false;
  }
}
