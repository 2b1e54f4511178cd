import { afterEach, describe, expect, it, vi } from 'vitest';
import { getInAppFlag } from '../storage/storage.ts';
import { hasNativeBridge, isInNativeApp, NativeEvent, trackNativeEvent } from './native-bridge.ts';

afterEach(() => {
  delete window.AndroidBridge;
});

describe('native bridge', () => {
  it('does nothing in a plain browser', () => {
    expect(hasNativeBridge()).toBe(false);
    expect(trackNativeEvent(NativeEvent.register)).toBe(false);
    expect(isInNativeApp()).toBe(false);
  });

  it('passes the event name and a JSON payload to the wrapper', () => {
    const track = vi.fn();
    window.AndroidBridge = { track };
    expect(trackNativeEvent(NativeEvent.firstPay, { price: '100.00' })).toBe(true);
    expect(track).toHaveBeenCalledWith('e_first_pay', '{"price":"100.00"}');
  });

  it('names the registration event as the spec does', () => {
    const track = vi.fn();
    window.AndroidBridge = { track };
    trackNativeEvent(NativeEvent.register);
    expect(track).toHaveBeenCalledWith('e_regist', '{}');
  });

  it('survives a wrapper that throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.AndroidBridge = {
      track: () => {
        throw new Error('bridge gone');
      },
    };
    expect(trackNativeEvent(NativeEvent.pay)).toBe(false);
  });

  it('remembers that the page runs in the app once the bridge was seen', () => {
    window.AndroidBridge = { track: () => {} };
    expect(isInNativeApp()).toBe(true);
    expect(getInAppFlag()).toBe(true);
    delete window.AndroidBridge;
    expect(isInNativeApp()).toBe(true);
  });
});
