/** The local calendar day of a moment, as YYYY-MM-DD; the home notice shows once per such day. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Whether the home notice should pop up: there is a notice and it was not shown yet today (spec 01 §4). */
export function shouldShowNotice(notice: string, lastShownDay: string | null, today: string): boolean {
  return notice.trim() !== '' && lastShownDay !== today;
}
