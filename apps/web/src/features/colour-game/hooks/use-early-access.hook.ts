import { getEarlyFlag, getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';

/** Whether the game screens may show: decided, or waiting for the profile. */
export type EarlyAccess = 'allowed' | 'denied' | 'pending';

/**
 * The early-access flag (spec 02 §6: local storage, or is_early in the profile) that gates the game
 * screens. The stored flag answers at once; without it a signed-in player's profile is asked (it stores
 * the flag when it arrives), and a visitor without a token has no flag.
 */
export function useEarlyAccess(): EarlyAccess {
  const stored = useStoredValue(StorageKey.isEarly, getEarlyFlag);
  const token = useStoredValue(StorageKey.token, getToken);
  const profile = useProfile(!stored && token !== null);
  if (stored) return 'allowed';
  if (token === null) return 'denied';
  if (profile.isPending) return 'pending';
  return profile.data?.isEarly === true ? 'allowed' : 'denied';
}
