import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type ProxyOptions } from 'vite';
import { precompressPlugin } from './build/precompress.plugin.ts';

/** This folder; the config can be loaded from the repository root (vitest projects) or from here. */
export const WEB_ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The API server the dev server forwards calls to (API_TARGET overrides it, for a server on another port);
 * in production the server serves this app itself.
 */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/** Dev server port, fixed so the e2e tests and the README can name it. */
const DEV_PORT = 5173;

/** Top-level path segments that belong to the server (API, sockets, images, health). */
const SERVER_PATH_SEGMENTS = [
  'shop',
  'user',
  'win',
  'aviator',
  'luckyhit',
  'mana',
  'exg',
  'app',
  'dev',
  'media',
  'healthz',
  // The sandbox gateway's checkout page, which a sandbox recharge's relative pay_url opens.
  'pay',
  'admin/api',
  'api',
];

/**
 * A key starting with ^ is a regular expression for Vite; anchoring each segment at a path boundary keeps
 * `/app` from also swallowing Vite's own files such as `/src/app/...` or a future `/apple.png`.
 */
const serverPathPattern = `^/(${SERVER_PATH_SEGMENTS.join('|')})(/|\\?|$)`;

const proxyToServer: ProxyOptions = { target: API_TARGET, changeOrigin: false, ws: true };

/** Stand-ins for library modules the app never runs (each explains itself in its file). */
const UNUSED_LIBRARY_MODULES: Alias[] = [
  {
    find: /^rc-util\/lib\/React\/render$/,
    replacement: path.join(WEB_ROOT, 'src/shared/dialogs/antd-legacy-render.stub.ts'),
  },
];

export default defineConfig({
  root: WEB_ROOT,
  plugins: [react(), precompressPlugin()],
  resolve: { alias: UNUSED_LIBRARY_MODULES },
  build: {
    outDir: 'dist',
    // The manifest lets bench/web measure exactly what the home route loads first.
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: { [serverPathPattern]: proxyToServer },
  },
  preview: { port: DEV_PORT },
});
