/**
 * Measures the JavaScript the home route loads first (DESIGN.md §5: under 170 KB gzip): the entry chunk
 * (which includes the home route), the home route's chunk if it is ever lazy again, and every chunk they
 * import statically, read from Vite's build manifest.
 * Run after `npm run build`: `npx tsx bench/web/home-bundle-size.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const HOME_ROUTE_SOURCE = 'src/routes/home.route.tsx';
const TARGET_BYTES = 170 * 1024;
const distDir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run npm run build first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

function withStaticImports(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, seen);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const webRoot = path.resolve(distDir, '..');
if (!fs.existsSync(path.join(webRoot, HOME_ROUTE_SOURCE)))
  throw new Error(`No ${HOME_ROUTE_SOURCE} in apps/web`);
const firstLoad = new Set<string>();
withStaticImports(entryKey, firstLoad);
// The home route is bundled into the entry (a static import of the route registry), so it has no chunk of
// its own; a lazy home route would have one, counted with its static imports.
if (manifest[HOME_ROUTE_SOURCE]) withStaticImports(HOME_ROUTE_SOURCE, firstLoad);
else console.log(`${HOME_ROUTE_SOURCE} is in the entry chunk`);

let totalGzip = 0;
const rows = [...firstLoad].map((key) => {
  const file = manifest[key]?.file ?? key;
  const bytes = fs.readFileSync(path.join(distDir, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  totalGzip += gzip;
  return { chunk: file, raw: bytes.length, gzip };
});
console.table(rows);
console.log(
  `home route first load: ${(totalGzip / 1024).toFixed(1)} KB gzip (target ${TARGET_BYTES / 1024} KB)`,
);
process.exit(totalGzip <= TARGET_BYTES ? 0 : 1);
