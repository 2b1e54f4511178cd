import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedReply, cachedJsonReply, matchesEtag, preferredCoding } from './cached-reply.ts';

describe('cached replies', () => {
  it('compares validators weakly and understands lists and *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it('prefers Brotli, then gzip, and respects q=0', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*')).toBe('gzip');
    expect(preferredCoding('identity')).toBe('identity');
    expect(preferredCoding(undefined)).toBe('identity');
  });

  it('keeps the previous reply (and its compressed copies) when the body did not change', () => {
    const json = JSON.stringify({ code: 200, periods: Array.from({ length: 100 }, (_, index) => index) });
    const first = cachedJsonReply(json);
    const brotli = first.brotli();
    expect(cachedJsonReply(json, first)).toBe(first);
    expect(first.brotli()).toBe(brotli);
    const changed = cachedJsonReply(json.replace('200', '201'), first);
    expect(changed).not.toBe(first);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('compresses to copies that decode to the body', () => {
    const body = Buffer.from('<html>'.repeat(500));
    const reply = new CachedReply(body, 'text/html; charset=utf-8', { brotliQuality: 11 });
    expect(zlib.brotliDecompressSync(reply.brotli()).equals(body)).toBe(true);
    expect(zlib.gunzipSync(reply.gzip()).equals(body)).toBe(true);
    expect(reply.brotli().length).toBeLessThan(body.length / 10);
  });
});
