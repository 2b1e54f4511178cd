import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';

/** The query keys of a kind of saved item (addresses, bank cards). */
export interface SavedItemQueryKeys {
  list: QueryKey;
  one: (id: number) => QueryKey;
}

/**
 * What follows a saved item's successful write: the list reloads, the edited item's cached copy goes (the
 * next edit loads it again), the server's message shows as a toast, and the screen leaves.
 */
export function useSavedItemWritten(keys: SavedItemQueryKeys, onSaved: () => void) {
  const queryClient = useQueryClient();
  return async (id: number | null, message: string | undefined) => {
    await queryClient.invalidateQueries({ queryKey: keys.list });
    if (id !== null) queryClient.removeQueries({ queryKey: keys.one(id) });
    if (message) Toast.show({ content: message });
    onSaved();
  };
}
