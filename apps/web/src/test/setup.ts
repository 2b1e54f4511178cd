import { act, cleanup, configure } from '@testing-library/react';
import { Dialog, reduceMotion, Toast, unstableSetRender } from 'antd-mobile';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { ensureScreenTexts, initI18n } from '../i18n/i18n.ts';
import { installAntdReact19Render, unmountImperativeRenders } from '../shared/dialogs/antd-react19-render.ts';

// jsdom lacks these browser APIs; the app only needs them to exist.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = NoopResizeObserver;
}

// findBy… and waitFor give up after one second by default; the whole suite runs in parallel on two cores,
// where a render after a fetch can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

installAntdReact19Render();

/**
 * Work a test left running shows itself when it opens a dialog or a toast after the test ended (a handler
 * still awaiting a fake server, say): by the file's end that render would run in a torn-down environment.
 * Such renders are recorded with the test that left them, and fail the file in afterAll.
 */
const lateRenders: string[] = [];
let endedTest: string | undefined;
const appRender = unstableSetRender();
unstableSetRender((node, container) => {
  if (endedTest !== undefined) lateRenders.push(endedTest);
  return appRender(node, container);
});
/** How long afterAll waits for work left running to show itself. */
const LATE_WORK_GRACE_MS = 50;

// antd-mobile's dialogs, popups and toasts animate with react-spring, and an imperatively shown one
// (Dialog.alert and the helpers in message-dialogs.ts) only unmounts from the spring's onRest. react-spring
// skips onRest when a spring is sent back to the value it still holds, which is what happens when a dialog is
// closed before the first animation frame: a click on OK right after findBy… found it (fireEvent ignores the
// pointer-events: none that keeps a real finger off the button until the dialog has faded in), or
// Dialog.clear() in an afterEach. Such a dialog then stays in document.body for the rest of the file, and
// waiting for it to go times out. With motion reduced every open and close settles at once and always reaches
// onRest.
reduceMotion();
await initI18n('en');
await ensureScreenTexts();

beforeEach(() => {
  endedTest = undefined;
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  // Dialogs and toasts live in roots of their own that cleanup() does not know; closing them schedules React
  // work (a fade-out, then an unmount one task later) that would otherwise run after the file's last test,
  // when the environment is torn down and react-dom fails with "window is not defined". Everything is
  // unmounted here, synchronously, before the next test or the teardown.
  act(() => {
    Dialog.clear();
    Toast.clear();
    unmountImperativeRenders();
  });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  endedTest = expect.getState().currentTestName ?? 'a test';
});

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, LATE_WORK_GRACE_MS));
  act(() => unmountImperativeRenders());
  if (lateRenders.length > 0) {
    throw new Error(
      `a dialog or toast was opened between tests, by work a test left running; it showed after the end of: ${[...new Set(lateRenders)].join('; ')}`,
    );
  }
});
