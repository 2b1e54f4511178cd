import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls the page to the top after every navigation (spec 01 §2, spec 02 §2). Not on the first render: the
 * page opens at the top anyway, and a scroll then would force the browser to lay out the whole first screen
 * inside React's commit, one long task on a phone.
 */
export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  const shownLocation = useRef(`${pathname}?${search}`);
  useLayoutEffect(() => {
    const location = `${pathname}?${search}`;
    if (shownLocation.current === location) return;
    shownLocation.current = location;
    window.scrollTo(0, 0);
  }, [pathname, search]);
}
