import { useCallback, useEffect, useState } from 'react';
import { getNoticeShownDay, setNotice, setNoticeShownDay } from '../../../shared/storage/storage.ts';
import { localDayKey, shouldShowNotice } from '../rules/daily-notice.rule.ts';

/** Opens the home notice once a day: the day is stored when it is shown, so a reload does not repeat it. */
export function useDailyNotice(notice: string | undefined, now: () => Date = () => new Date()) {
  const [visible, setVisible] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the notice text is the trigger; `now` is a clock.
  useEffect(() => {
    if (notice === undefined) return;
    if (notice.trim() !== '') setNotice(notice);
    const today = localDayKey(now());
    if (shouldShowNotice(notice, getNoticeShownDay(), today)) {
      setNoticeShownDay(today);
      setVisible(true);
    }
  }, [notice]);

  const close = useCallback(() => setVisible(false), []);
  return { visible, close };
}
