import type { AppVersionResponse } from '@app/shared';
import type { ApiClient } from '../api/api-client.ts';
import { isApiFailure } from '../api/api-errors.ts';

/** The server answers 404 when the operator configured no landing page: the app simply stays. */
const CODE_NO_LANDING_PAGE = 404;

/**
 * Where a landing page sends the browser: null for an address that is not http(s) (a `javascript:` URL
 * from a bad setting must never run) or that is the page already shown (that would reload forever).
 */
export function landingPageTarget(landingPage: string, current: Location | URL): string | null {
  let target: URL;
  try {
    target = new URL(landingPage, current.href);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const here = new URL(current.href);
  const samePage =
    target.origin === here.origin &&
    target.pathname === here.pathname &&
    target.search === here.search &&
    (target.hash === '' || target.hash === here.hash);
  return samePage ? null : target.href;
}

/**
 * The app version check at start (spec 01 §4): GET /user/get_app_version; code 200 sends the browser to
 * landing_page. Resolves with the address it went to, or null when the app stays.
 */
export async function checkAppVersion(
  client: ApiClient,
  go: (url: string) => void = (url) => window.location.assign(url),
  current: Location | URL = window.location,
): Promise<string | null> {
  let response: AppVersionResponse;
  try {
    response = await client.get<AppVersionResponse>('/user/get_app_version');
  } catch (error) {
    if (!(isApiFailure(error) && error.code === CODE_NO_LANDING_PAGE)) {
      // The check is a nicety: a failure is logged and the app carries on.
      console.error('App version check failed', error);
    }
    return null;
  }
  const target =
    typeof response.landing_page === 'string' ? landingPageTarget(response.landing_page, current) : null;
  if (target) go(target);
  return target;
}
