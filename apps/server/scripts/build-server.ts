/**
 * Builds the server for production: one ES module, apps/server/dist/main.js (with its source map), that
 * `npm start` runs with plain node. tsx stays for development and tests; in production it would compile
 * every module at each start (2.4 s to the first healthz, most of it loading TypeScript).
 *
 *   npx tsx apps/server/scripts/build-server.ts          (part of npm run build)
 *
 * The workspace package @app/shared is TypeScript source, so it is bundled in; every other dependency stays
 * an import of node_modules (native addons such as better-sqlite3 cannot be bundled, and the installed
 * packages are there in production anyway).
 */

import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
const OUT_FILE = path.join(SERVER_ROOT, 'dist', 'main.js');

/** The dependencies of a workspace's package.json. */
function dependenciesOf(packageFolder: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageFolder, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

const bundled = new Set(['@app/shared']);
const external = [
  ...dependenciesOf(SERVER_ROOT),
  ...dependenciesOf(path.join(REPO_ROOT, 'packages', 'shared')),
].filter((name) => !bundled.has(name));

fs.rmSync(path.dirname(OUT_FILE), { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: [path.join(SERVER_ROOT, 'src', 'main.ts')],
  outfile: OUT_FILE,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Subpaths too (such as 'kysely/helpers/postgres'): every import of an external package stays an import.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  // Stack traces in the log point at the TypeScript sources.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(
  `server built: ${path.relative(REPO_ROOT, OUT_FILE)} (${Math.round(bytes / 1024)} KB with its map) in ` +
    `${Math.round(performance.now() - started)} ms\n`,
);
