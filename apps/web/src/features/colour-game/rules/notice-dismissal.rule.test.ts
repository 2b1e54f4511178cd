import { describe, expect, it } from 'vitest';
import {
  forgetNoticeDismissal,
  isNoticeDismissed,
  NOTICE_DISMISS_SECONDS,
  noticeDismissalCookie,
  noticeDismissedHere,
  rememberNoticeDismissal,
} from './notice-dismissal.rule.ts';

describe('notice dismissal', () => {
  it('writes a cookie that expires after 6 hours', () => {
    expect(NOTICE_DISMISS_SECONDS).toBe(21_600);
    expect(noticeDismissalCookie()).toContain('max-age=21600');
  });

  it('finds the dismissal among other cookies', () => {
    expect(isNoticeDismissed('a=1; colour_notice_dismissed=1; b=2')).toBe(true);
    expect(isNoticeDismissed('colour_notice_dismissed=0')).toBe(false);
    expect(isNoticeDismissed('')).toBe(false);
  });

  it('is read back by the browser and forgotten when it expires', () => {
    rememberNoticeDismissal();
    expect(noticeDismissedHere()).toBe(true);
    forgetNoticeDismissal();
    expect(noticeDismissedHere()).toBe(false);
  });
});
