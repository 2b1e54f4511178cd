import type { AppRouteDefinition, BottomTabDefinition } from './route-registry.ts';

export interface VisibleTab extends BottomTabDefinition {
  path: string;
}

/** Screens that hide the bottom menu (spec 02 §2): the colour game histories and the payment page. */
export const PATHS_WITHOUT_BOTTOM_MENU: ReadonlySet<string> = new Set([
  '/parity',
  '/sapre',
  '/bcone',
  '/emerd',
  '/rechargePayment',
]);

/** The tabs to show, in the spec's order: registered screens with a tab, game tabs only with the early flag. */
export function visibleTabs(routes: readonly AppRouteDefinition[], isEarly: boolean): VisibleTab[] {
  return routes
    .flatMap((route) => (route.tab ? [{ ...route.tab, path: route.path }] : []))
    .filter((tab) => isEarly || !tab.earlyOnly)
    .sort((a, b) => a.order - b.order);
}

/** Whether the bottom menu shows on a path. */
export function showsBottomMenu(pathname: string): boolean {
  return !PATHS_WITHOUT_BOTTOM_MENU.has(pathname);
}
