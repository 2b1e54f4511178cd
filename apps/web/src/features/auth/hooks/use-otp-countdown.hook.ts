import { useCallback, useEffect, useState } from 'react';

/** After a code is sent, the OTP button stays disabled this long (spec 01 §4 and §9). */
export const OTP_RESEND_WAIT_SECONDS = 60;

const TICK_MS = 1000;

/**
 * The OTP button's wait: `start()` after a send disables it for OTP_RESEND_WAIT_SECONDS (or the wait the
 * server asked for), counting down once a second. The end time is kept rather than a counter, so a tab
 * that slept in the background shows the right number when it wakes.
 */
export function useOtpCountdown(now: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is a clock, not an input.
  useEffect(() => {
    if (endsAt === null) return;
    const update = () => {
      const left = Math.max(0, Math.ceil((endsAt - now()) / TICK_MS));
      setSecondsLeft(left);
      if (left === 0) setEndsAt(null);
    };
    update();
    const timer = window.setInterval(update, TICK_MS);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  // The first number is set with the end time rather than by the effect, so the button says "Wait Ns" in
  // the same render as whatever else the send changed (the code-sent toast, a refusal's alert).
  const start = useCallback(
    (seconds: number = OTP_RESEND_WAIT_SECONDS) => {
      setEndsAt(now() + seconds * TICK_MS);
      setSecondsLeft(Math.max(0, Math.ceil(seconds)));
    },
    [now],
  );

  return { secondsLeft, waiting: secondsLeft > 0, start };
}
