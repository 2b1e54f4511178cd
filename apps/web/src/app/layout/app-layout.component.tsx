import { Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { closeAllDialogs } from '../../shared/dialogs/dialog-closers.ts';
import { useHideErrorAlert } from '../../shared/dialogs/error-alert.context.tsx';
import { SkeletonScreen } from '../../shared/ui/skeleton.component.tsx';
import { showsBottomMenu } from '../routing/bottom-tabs.ts';
import styles from './app-layout.module.css';
import { BottomNav } from './bottom-nav.component.tsx';
import { RouteErrorScreen } from './fallback-screens.component.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.component.tsx';
import { useScrollToTop } from './use-scroll-to-top.hook.ts';

/** Shown while a screen's code loads. */
export function ScreenLoading() {
  return <SkeletonScreen />;
}

/** The frame of every screen: the screen itself, and the bottom navigation where the spec shows it. */
export function AppLayout() {
  useScrollToTop();
  const { pathname } = useLocation();
  const withBottomNav = showsBottomMenu(pathname);
  const hideErrorAlert = useHideErrorAlert();
  // An error alert or a dialog speaks of the screen that showed it, so it goes when the player moves to
  // another screen (Back with a dialog open included). Only a change of path counts: the first render must
  // not hide what the first screen shows on mount. A layout effect, so it runs before the new screen's own
  // effects, which may open the new screen's dialogs.
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hideErrorAlert();
    closeAllDialogs();
  }, [pathname, hideErrorAlert]);
  return (
    <div className={styles.shell}>
      <main className={`${styles.content} ${withBottomNav ? styles.withBottomNav : ''}`}>
        {/* Keyed by path: a failed screen must not keep the next one from rendering. */}
        <ScreenErrorBoundary key={pathname} fallback={<RouteErrorScreen />}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {withBottomNav && <BottomNav />}
    </div>
  );
}
