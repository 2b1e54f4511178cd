import { useEffect, useState } from 'react';

/** How often the gift events screen reads the clock again, so a round opens on screen when its time comes. */
export const GIFT_CLOCK_TICK_MS = 1000;

/**
 * The server's time, from the offset between its clock and this device's at the last answer, read again
 * every GIFT_CLOCK_TICK_MS. The server decides whether a round is open, so the screen follows its clock.
 */
export function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), GIFT_CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}
