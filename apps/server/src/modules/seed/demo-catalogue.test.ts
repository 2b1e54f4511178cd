import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEMO_BANNER_PATHS,
  DEMO_MEDIA_URL_PREFIX,
  DEMO_NOTICE,
  DEMO_PRODUCTS,
  demoProductImagePaths,
} from './demo-catalogue.ts';

/** Issue 2 asks for at least this many demo products. */
const MIN_DEMO_PRODUCTS = 24;
const BANNER_COUNT = 5;
/** The home grid must load quickly on a phone, so every committed image has a size budget. */
const MAX_MEDIA_BYTES = 6 * 1024;
const MAX_RASTER_BYTES = 24 * 1024;

const mediaDir = new URL('../../../media/', import.meta.url);

/** Maps a `/media/...` URL to the committed file it is served from. */
function mediaFile(urlPath: string): string {
  expect(urlPath.startsWith(`${DEMO_MEDIA_URL_PREFIX}/`)).toBe(true);
  return fileURLToPath(new URL(urlPath.slice(DEMO_MEDIA_URL_PREFIX.length + 1), mediaDir));
}

/**
 * A served image is a WebP rendered from the SVG beside it: the WebP's RIFF header, its budget, and a
 * well-formed source.
 */
function expectServedWebpWithSvgSource(urlPath: string): void {
  expect(urlPath.endsWith('.webp'), `${urlPath} is a WebP`).toBe(true);
  const file = mediaFile(urlPath);
  expect(existsSync(file), `${urlPath} exists`).toBe(true);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 4).toString('latin1'), `${urlPath} RIFF header`).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1'), `${urlPath} WEBP header`).toBe('WEBP');
  expect(bytes.readUInt32LE(4) + 8, `${urlPath} RIFF length`).toBe(bytes.length);
  expect(bytes.length, `${urlPath} size`).toBeLessThanOrEqual(MAX_RASTER_BYTES);
  expectWellFormedSvg(urlPath.replace(/\.webp$/, '.svg'));
}

function expectWellFormedSvg(urlPath: string): void {
  const file = mediaFile(urlPath);
  expect(existsSync(file), `${urlPath} exists`).toBe(true);
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), `${urlPath} starts with <svg`).toBe(
    true,
  );
  expect(text.trimEnd().endsWith('</svg>'), `${urlPath} ends with </svg>`).toBe(true);
  expect(Buffer.byteLength(text), `${urlPath} size`).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
  // No external references: every image must be served from the repository.
  expect(text).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
}

describe('demo catalogue', () => {
  it('has enough products, mixing gold and silver', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(MIN_DEMO_PRODUCTS);
    expect(DEMO_PRODUCTS.some((product) => product.metal === 'gold')).toBe(true);
    expect(DEMO_PRODUCTS.some((product) => product.metal === 'silver')).toBe(true);
  });

  it('uses unique kebab-case slugs and unique names', () => {
    const slugs = DEMO_PRODUCTS.map((product) => product.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const names = DEMO_PRODUCTS.map((product) => product.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('prices every product as a positive whole number of paise', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(Number.isSafeInteger(product.priceMinor), product.slug).toBe(true);
      expect(product.priceMinor, product.slug).toBeGreaterThan(0);
    }
  });

  it('writes every spec as comma separated key=value pairs naming the metal and weight', () => {
    for (const product of DEMO_PRODUCTS) {
      const pairs = product.spec.split(',');
      for (const pair of pairs) expect(pair, product.slug).toMatch(/^[^=,]+=[^=,]+$/);
      const keys = pairs.map((pair) => pair.split('=')[0]);
      expect(new Set(keys).size, product.slug).toBe(keys.length);
      expect(product.spec, product.slug).toContain(`Metal=${product.metal === 'gold' ? 'Gold' : 'Silver'}`);
      expect(product.spec, product.slug).toMatch(/(^|,)Weight=\d+ g(,|$)/);
    }
  });

  it('has whole-number stock with at least one sold-out product', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(Number.isInteger(product.stock) && product.stock >= 0, product.slug).toBe(true);
    }
    expect(DEMO_PRODUCTS.filter((product) => product.stock === 0).length).toBeGreaterThanOrEqual(1);
    expect(DEMO_PRODUCTS.filter((product) => product.stock > 0).length).toBeGreaterThanOrEqual(
      MIN_DEMO_PRODUCTS - 2,
    );
  });

  it('marks exactly the customised pieces as not cancellable', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(product.cancellable, product.slug).toBe(!product.name.includes('customised'));
    }
    expect(DEMO_PRODUCTS.some((product) => !product.cancellable)).toBe(true);
  });

  it('has three committed WebP images, each with its SVG source, for every product', () => {
    for (const product of DEMO_PRODUCTS) {
      const paths = demoProductImagePaths(product.slug);
      expect(paths).toEqual([1, 2, 3].map((view) => `/media/products/${product.slug}-${view}.webp`));
      for (const path of paths) expectServedWebpWithSvgSource(path);
    }
  });

  it('has five committed, well-formed banners', () => {
    expect(DEMO_BANNER_PATHS).toHaveLength(BANNER_COUNT);
    expect(new Set(DEMO_BANNER_PATHS).size).toBe(BANNER_COUNT);
    for (const path of DEMO_BANNER_PATHS) expectServedWebpWithSvgSource(path);
  });

  it('states the support hours, inventory time and cancellation deadline in the notice', () => {
    expect(DEMO_NOTICE).toContain('10:00-17:00');
    expect(DEMO_NOTICE).toContain('01:30-05:30');
    expect(DEMO_NOTICE).toContain('Saturday 01:30');
  });
});
