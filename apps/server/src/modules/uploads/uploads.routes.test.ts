import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { createEnrolledOperators, type TestOperator } from '../operators/operator-fixtures.ts';

/** A real PNG of width × height, grey, of random pixels so it does not compress to nothing. */
function pngImage(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = randomBytes((width + 1) * height);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('banner image uploads', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 4, 1));
  let content: TestOperator;
  let finance: TestOperator;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    ({ content, finance } = await createEnrolledOperators(app, database(), clock, {
      content: { username: 'mediacontent', role: 'content' },
      finance: { username: 'mediafinance', role: 'finance' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = (payload: object, operator: TestOperator = content) =>
    app.inject({ method: 'POST', url: '/admin/api/media', headers: operator.headers, payload });

  it('stores an image larger than the usual body limit and serves it by its content hash to anyone', async () => {
    const image = pngImage(300, 300);
    expect(image.length).toBeGreaterThan(65_536);
    const response = await upload({ content_type: 'image/png', data_base64: image.toString('base64') });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(image)).toBe(true);
    // The same image again is the same address.
    expect(
      (await upload({ content_type: 'image/png', data_base64: image.toString('base64') })).json().url,
    ).toBe(url);
    // An upload's address is a valid banner.
    const banners = await app.inject({
      method: 'PUT',
      url: '/admin/api/content/banners',
      headers: content.headers,
      payload: { banners: [url] },
    });
    expect(banners.statusCode).toBe(200);
  });

  it('refuses what is not the image it claims to be, SVG, and an operator without the content role', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[object, RegExp]> = [
      [
        { content_type: 'image/png', data_base64: svg.toString('base64') },
        /^data_base64 is not a image\/png image/,
      ],
      [
        { content_type: 'image/svg+xml', data_base64: svg.toString('base64') },
        /^content_type must be one of/,
      ],
      [{ content_type: 'image/jpeg', data_base64: 'not base64!' }, /^data_base64 must be base64/],
      [{ content_type: 'image/webp' }, /^data_base64/],
    ];
    for (const [payload, message] of cases) {
      const response = await upload(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(message);
    }
    const png = pngImage(2, 2).toString('base64');
    expect((await upload({ content_type: 'image/png', data_base64: png }, finance)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/media/uploads/${'0'.repeat(32)}.png` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/uploads/..%2Fsecret.png' })).statusCode).toBe(400);
  });
});
