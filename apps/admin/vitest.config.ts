import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ADMIN_ROOT } from './vite.config.ts';

/** The console's component tests, in jsdom; also referenced as a project by the root config. */
export default defineConfig({
  root: ADMIN_ROOT,
  plugins: [react()],
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Rendering antd in jsdom takes seconds on a loaded machine; a page test clicks through several dialogs.
    testTimeout: 20_000,
  },
});
