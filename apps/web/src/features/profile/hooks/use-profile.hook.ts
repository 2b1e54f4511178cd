import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/api.ts';
import { setEarlyFlag, setNickName } from '../../../shared/storage/storage.ts';
import { fetchProfile } from '../api/profile.api.ts';
import { profileQueryKeys } from './profile-query-keys.ts';

/**
 * GET /user/profile for a signed-in player. Keeps the early flag (the game tabs follow it) and the nickname
 * (the aviator bet needs it) in storage whenever a fresh profile arrives.
 */
export function useProfile(enabled: boolean) {
  const query = useQuery({
    queryKey: profileQueryKeys.profile,
    queryFn: ({ signal }) => fetchProfile(api, signal),
    enabled,
  });
  const profile = query.data;

  useEffect(() => {
    if (!profile) return;
    setEarlyFlag(profile.isEarly);
    setNickName(profile.nickName);
  }, [profile]);

  return query;
}
