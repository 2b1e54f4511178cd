import { useState } from 'react';

/**
 * True from the first time `visible` is true, and from then on: lets a lazily loaded dialog or sheet load
 * only when first needed, yet stay mounted afterwards so it can play its closing animation.
 */
export function useMountedOnce(visible: boolean): boolean {
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  return mounted || visible;
}
