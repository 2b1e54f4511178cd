import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { HashRouter, type RouteObject, useRoutes } from 'react-router';
import { ensureScreenTexts } from '../../i18n/i18n.ts';
import { AppLayout } from '../layout/app-layout.component.tsx';
import { NotFoundScreen } from '../layout/fallback-screens.component.tsx';
import { APP_ROUTES, type AppRouteDefinition } from './route-registry.ts';

/** A screen's code and every screen's texts, loaded together. */
function loadScreen(route: AppRouteDefinition): ReturnType<AppRouteDefinition['load']> {
  return Promise.all([route.load(), ensureScreenTexts()]).then(([screen]) => screen);
}

/**
 * The route table: every registered screen under the app layout, each loaded on demand.
 *
 * The app uses react-router's declarative `<HashRouter>` rather than `createHashRouter`: the data router
 * adds about 16 KB of gzip to the first load for loaders, actions and fetchers the app does not use (server
 * state lives in TanStack Query), and the first load must stay under 170 KB (DESIGN.md §5).
 */
const ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...APP_ROUTES.map((route) => {
        // The home screen renders at once: no lazy load, no Suspense fallback painted first.
        const Screen = route.inFirstLoad?.default ?? lazy(() => loadScreen(route));
        return { path: route.path, element: <Screen /> };
      }),
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(ROUTES);
}

/** The hash router (spec 01 §2) over every registered screen. */
export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}

/**
 * Starts loading the current hash route's screen before React renders, in parallel with the boot calls,
 * and the screen's first data calls when it names them (the home screen does).
 */
export function preloadScreenFor(hash: string, queryClient: QueryClient): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) return;
  // The home screen's code is already here: its calls start now.
  if (route.inFirstLoad) {
    route.inFirstLoad.prefetch?.(queryClient);
    return;
  }
  // Only the code: the texts wait for i18next, which starts after this; the screen's lazy load adds them.
  route
    .load()
    .then((screen) => screen.prefetch?.(queryClient))
    .catch(() => {
      // The screen's own lazy load reports the failure through the error boundary.
    });
}
