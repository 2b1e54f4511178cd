import { useEffect, useRef } from 'react';

/** Calls `reload` whenever the page becomes visible again (spec 02 §4: data reloads on becoming visible). */
export function useReloadOnVisible(reload: () => void): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') reloadRef.current();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);
}
