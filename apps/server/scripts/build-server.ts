/**
 * Builds the server for production: one ES module, apps/server/dist/main.js (with its source map), that
 * `npm start` runs with plain node. tsx stays for development and tests; in production it would compile
 * every module at each start (2.4 s to the first healthz, most of it loading TypeScript).
 *
 *   npx tsx apps/server/scripts/build-server.ts          (part of npm run build)
 *
 * Everything is bundled (the workspace package @app/shared, which is TypeScript source, and the packages of
 * node_modules) but native addons, which stay imports of node_modules.
 */

import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
const OUT_FILE = path.join(SERVER_ROOT, 'dist', 'main.js');

/**
 * Packages that stay imports of node_modules: native addons (a .node file cannot be bundled), and the
 * optional native PostgreSQL driver that pg only tries to load.
 */
const NOT_BUNDLED = ['better-sqlite3', '@node-rs/argon2', 'pg-native'];
/** Every other package is bundled: one file to read and parse instead of hundreds (the start's largest part). */
const external = NOT_BUNDLED;
/** The native addons the server imports (each also in NOT_BUNDLED): loaded with require, see below. */
const NATIVE_ADDON = /^(better-sqlite3|@node-rs\/argon2)$/;

/**
 * Turns each import of a native addon into a CommonJS `require` of it. An ES module importing a CommonJS
 * package makes Node read and lex the package's source first to find its named exports, which took about
 * as long again as loading the package; `require` (the banner's, made with createRequire) skips that. The
 * addon is still loaded from node_modules at run time, when the import would have loaded it (argon2 with
 * the first password, better-sqlite3 with the server).
 */
const loadNativeAddonsWithRequire: Plugin = {
  name: 'load-native-addons-with-require',
  setup(builder) {
    builder.onResolve({ filter: NATIVE_ADDON, namespace: 'native-addon' }, (args) => ({
      path: args.path,
      external: true,
    }));
    builder.onResolve({ filter: NATIVE_ADDON }, (args) => ({ path: args.path, namespace: 'native-addon' }));
    builder.onLoad({ filter: /.*/, namespace: 'native-addon' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

fs.rmSync(path.dirname(OUT_FILE), { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: [path.join(SERVER_ROOT, 'src', 'main.ts')],
  outfile: OUT_FILE,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS packages require Node's built-in modules; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  // `node --enable-source-maps` maps stack traces to the TypeScript sources (off by default: it slows starts).
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [loadNativeAddonsWithRequire],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(
  `server built: ${path.relative(REPO_ROOT, OUT_FILE)} (${Math.round(bytes / 1024)} KB with its map) in ` +
    `${Math.round(performance.now() - started)} ms\n`,
);
