import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getToken, StorageKey } from '../storage/storage.ts';
import { useStoredValue } from '../storage/use-stored-value.hook.ts';

/** Where a screen for signed-in players sends a visitor without a token (spec 01 §4). */
const LOGIN_PATH = '/login';

/** Renders its children only with a token; without one (or once it is cleared) it goes to /login. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to={LOGIN_PATH} replace />;
  return children;
}
