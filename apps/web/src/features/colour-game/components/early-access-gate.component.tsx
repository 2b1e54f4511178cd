import { type ReactNode, useEffect } from 'react';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { useEarlyAccess } from '../hooks/use-early-access.hook.ts';

/** Where a player goes back to when there is no earlier screen of the app. */
const FALLBACK_PATH = '/';

/**
 * Shows the game screens only with the early-access flag (spec 02 §2, §6): without it the screen goes back
 * one step in history, as the spec's screens do.
 */
export function EarlyAccessGate({ children }: { children: ReactNode }) {
  const access = useEarlyAccess();
  const goBack = useGoBack(FALLBACK_PATH);
  useEffect(() => {
    if (access === 'denied') goBack();
  }, [access, goBack]);
  if (access !== 'allowed') {
    return (
      <div data-testid="early-access-pending">
        <SkeletonScreen />
      </div>
    );
  }
  return children;
}
