import { profileAnswer } from '../../../shared/testing/fake-profile.ts';
import { type FakeRoute, type RecordedCall, stubFakeServer } from '../../../shared/testing/fake-server.ts';

export { profileAnswer } from '../../../shared/testing/fake-profile.ts';
export { callsTo, type RecordedCall } from '../../../shared/testing/fake-server.ts';

type Body = Record<string, unknown>;

/** A route's answer: a JSON envelope (its code is also the HTTP status), or an Error for a network failure. */
export type StubHandler = (url: URL, body: Body) => Body | Error;

/**
 * Stubs fetch with handlers by path (the profile answers by default) and records every call with its
 * method, query, JSON body and headers, so tests can check exactly what the screens sent.
 */
export function stubWalletServer(routes: Record<string, StubHandler>): RecordedCall[] {
  const handlers: Record<string, StubHandler> = { '/user/profile': () => profileAnswer(), ...routes };
  const fakeRoutes: Record<string, FakeRoute> = {};
  for (const [path, handler] of Object.entries(handlers)) {
    fakeRoutes[path] = (call) =>
      handler(new URL(`${call.path}?${call.query}`, 'http://localhost'), call.body);
  }
  return stubFakeServer(fakeRoutes);
}
