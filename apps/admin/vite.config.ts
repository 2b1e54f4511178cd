import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** This folder; the config can be loaded from the repository root too. */
export const ADMIN_ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The API server the dev server forwards operator calls to (API_TARGET overrides it). */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * The operator console: its own bundle, served by the server under /admin/ (so the player app's first load
 * never carries it). echarts is split into the dashboard's lazy chunk.
 */
export default defineConfig({
  root: ADMIN_ROOT,
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/admin/api': { target: API_TARGET }, '/win': { target: API_TARGET } },
  },
});
