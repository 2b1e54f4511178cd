import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ensureScreenTexts, initI18n } from '../i18n/i18n.ts';
import { installAntdReact19Render } from '../shared/dialogs/antd-react19-render.ts';

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
await initI18n('en');
await ensureScreenTexts();

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
