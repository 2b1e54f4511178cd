import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_WAIT_SECONDS, useOtpCountdown } from './use-otp-countdown.hook.ts';

describe('useOtpCountdown', () => {
  it('waits 60 seconds after a send, counting down every second', () => {
    vi.useFakeTimers();
    expect(OTP_RESEND_WAIT_SECONDS).toBe(60);
    const { result } = renderHook(() => useOtpCountdown());
    expect(result.current.waiting).toBe(false);

    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    expect(result.current.waiting).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.waiting).toBe(false);
  });

  it('can wait as long as the server asked', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useOtpCountdown());
    act(() => result.current.start(12));
    expect(result.current.secondsLeft).toBe(12);
  });

  it('shows the wait in the same render as the change that started it', () => {
    vi.useFakeTimers();
    const renders: Array<[boolean, number]> = [];
    const { result } = renderHook(() => {
      const [alertShown, setAlertShown] = useState(false);
      const countdown = useOtpCountdown();
      renders.push([alertShown, countdown.secondsLeft]);
      return { countdown, setAlertShown };
    });
    act(() => {
      result.current.countdown.start(42);
      result.current.setAlertShown(true);
    });
    // A screen that shows a refusal's alert never shows the OTP button enabled beside it.
    expect(renders.filter(([alertShown]) => alertShown)[0]).toEqual([true, 42]);
  });

  it('catches up after the tab slept instead of counting from where it stopped', () => {
    vi.useFakeTimers();
    let clock = 1_000_000;
    const { result } = renderHook(() => useOtpCountdown(() => clock));
    act(() => result.current.start());
    clock += 45_000;
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(15);
  });
});
