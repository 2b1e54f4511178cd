import { useCallback, useSyncExternalStore } from 'react';
import { type StorageKeyName, subscribeToStorage } from './storage.ts';

/** Re-renders when the given key changes and returns what the reader makes of it. */
export function useStoredValue<T>(key: StorageKeyName, read: () => T): T {
  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeToStorage((changedKey) => {
        if (changedKey === key) onChange();
      }),
    [key],
  );
  return useSyncExternalStore(subscribe, read, read);
}
