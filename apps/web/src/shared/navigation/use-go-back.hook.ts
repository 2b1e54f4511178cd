import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Whether the app itself has an earlier entry to return to. react-router numbers its history entries in
 * `history.state.idx`; 0 (or no number) means the player opened this screen directly, from a link or a
 * bookmark, and "back" would leave the app.
 */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' && index > 0;
}

/** Returns a function that goes back one step, or to `fallbackPath` when there is nothing in the app to go back to. */
export function useGoBack(fallbackPath: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasAppHistory()) navigate(-1);
    else navigate(fallbackPath, { replace: true });
  }, [navigate, fallbackPath]);
}
