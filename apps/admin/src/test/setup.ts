import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks matchMedia, which antd's responsive components read; the console only needs it to exist.
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

// The console's pages answer after a few mocked calls and antd renders; on a loaded machine that takes
// longer than testing-library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
