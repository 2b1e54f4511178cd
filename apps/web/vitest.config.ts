import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { WEB_ROOT } from './vite.config.ts';

/** The web app's unit and component tests, in jsdom; also referenced as a project by the root config. */
export default defineConfig({
  root: WEB_ROOT,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
