import { useCallback, useState } from 'react';
import { noticeDismissedHere, rememberNoticeDismissal } from '../rules/notice-dismissal.rule.ts';

/** Whether the game notice is hidden, and "Got it", which hides it for 6 hours (spec 02 §2, §9). */
export function useNoticeDismissal(): [dismissed: boolean, dismiss: () => void] {
  const [dismissed, setDismissed] = useState(noticeDismissedHere);
  const dismiss = useCallback(() => {
    rememberNoticeDismissal();
    setDismissed(true);
  }, []);
  return [dismissed, dismiss];
}
