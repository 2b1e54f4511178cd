/**
 * Closes every open dialog when the player leaves a screen (AppLayout). The dialog library registers its
 * closer here when it first loads (message-dialogs.ts), so the first load of the app does not carry it.
 */
const closers = new Set<() => void>();

/** Adds what closes a kind of dialog; returns the removal. */
export function onCloseAllDialogs(closer: () => void): () => void {
  closers.add(closer);
  return () => closers.delete(closer);
}

/** Closes every open dialog of every registered kind. */
export function closeAllDialogs(): void {
  for (const closer of closers) closer();
}
