import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setDeviceId, setToken } from '../../../shared/storage/storage.ts';

/**
 * Starts a session after login or register: stores the token and the trusted device id, and drops every
 * cached answer so nothing of a previous account shows to this one.
 */
export function useStartSession(): (token: string, deviceId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, deviceId: string) => {
      setToken(token);
      setDeviceId(deviceId);
      queryClient.clear();
    },
    [queryClient],
  );
}
