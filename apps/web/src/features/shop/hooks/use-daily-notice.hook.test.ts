import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getNotice, getNoticeShownDay, setNoticeShownDay } from '../../../shared/storage/storage.ts';
import { useDailyNotice } from './use-daily-notice.hook.ts';

const MARCH_FIRST_EVENING = () => new Date(2025, 2, 1, 21, 0);
const MARCH_SECOND_MORNING = () => new Date(2025, 2, 2, 8, 0);

describe('useDailyNotice', () => {
  it('waits until the notice has loaded', () => {
    const { result } = renderHook(() => useDailyNotice(undefined, MARCH_FIRST_EVENING));
    expect(result.current.visible).toBe(false);
    expect(getNoticeShownDay()).toBeNull();
  });

  it('opens the first time today, remembers the day and the text, and closes', () => {
    const { result } = renderHook(() => useDailyNotice('Inventory 01:30-05:30', MARCH_FIRST_EVENING));
    expect(result.current.visible).toBe(true);
    expect(getNoticeShownDay()).toBe('2025-03-01');
    expect(getNotice()).toBe('Inventory 01:30-05:30');
    act(() => result.current.close());
    expect(result.current.visible).toBe(false);
  });

  it('stays closed when it was already shown today (for example after a reload)', () => {
    setNoticeShownDay('2025-03-01');
    const { result } = renderHook(() => useDailyNotice('Inventory 01:30-05:30', MARCH_FIRST_EVENING));
    expect(result.current.visible).toBe(false);
  });

  it('opens again the next day', () => {
    setNoticeShownDay('2025-03-01');
    const { result } = renderHook(() => useDailyNotice('Inventory 01:30-05:30', MARCH_SECOND_MORNING));
    expect(result.current.visible).toBe(true);
    expect(getNoticeShownDay()).toBe('2025-03-02');
  });

  it('never opens for an empty notice and does not spend the day on it', () => {
    const { result } = renderHook(() => useDailyNotice('', MARCH_FIRST_EVENING));
    expect(result.current.visible).toBe(false);
    expect(getNoticeShownDay()).toBeNull();
  });
});
