/** The cookie that remembers "Got it" on the game notice (spec 02 §9: notice dismissal cookie, 6 hours). */
export const NOTICE_COOKIE_NAME = 'colour_notice_dismissed';
/** How long "Got it" hides the notice: 6 hours. */
export const NOTICE_DISMISS_SECONDS = 6 * 60 * 60;

/** The cookie line that hides the notice for 6 hours; the browser forgets it by itself afterwards. */
export function noticeDismissalCookie(): string {
  return `${NOTICE_COOKIE_NAME}=1; max-age=${NOTICE_DISMISS_SECONDS}; path=/; samesite=lax`;
}

/** Whether a document.cookie text still holds the dismissal. */
export function isNoticeDismissed(cookieText: string): boolean {
  return cookieText.split(';').some((part) => part.trim() === `${NOTICE_COOKIE_NAME}=1`);
}

/** Writes one cookie line; the browser keeps it as long as its max-age says. */
function writeCookie(line: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this in a cookie that expires by itself (spec 02 §9); the Cookie Store API is missing from older phones.
  document.cookie = line;
}

/** Got it: hides the notice in this browser for 6 hours. */
export function rememberNoticeDismissal(): void {
  writeCookie(noticeDismissalCookie());
}

/** Forgets a dismissal at once (the cookie expires now). */
export function forgetNoticeDismissal(): void {
  writeCookie(`${NOTICE_COOKIE_NAME}=; max-age=0; path=/; samesite=lax`);
}

/** Whether this browser holds a dismissal that has not expired. */
export function noticeDismissedHere(): boolean {
  return isNoticeDismissed(document.cookie);
}
