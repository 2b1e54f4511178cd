import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls the page to the top after every navigation (spec 01 §2, spec 02 §2). */
export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}
