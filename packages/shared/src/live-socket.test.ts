import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeLiveFrame, encodeLiveFrame } from './live-socket.ts';

const registry = { 7: z.object({ n: z.number().int() }) };

describe('live socket frames', () => {
  it('round-trips a frame through the envelope', () => {
    const frame = encodeLiveFrame(7, { n: 3 });
    expect(JSON.parse(frame)).toEqual({ cmd: 7, data: '{"n":3}' });
    expect(decodeLiveFrame(frame, registry)).toEqual({ ok: true, cmd: 7, payload: { n: 3 } });
  });

  it('names what is wrong with a bad frame', () => {
    expect(decodeLiveFrame('nope', registry)).toMatchObject({ ok: false, reason: 'envelope' });
    expect(decodeLiveFrame('{"cmd":7,"data":{}}', registry)).toMatchObject({ ok: false, reason: 'envelope' });
    expect(decodeLiveFrame('{"cmd":8,"data":"{}"}', registry)).toMatchObject({
      ok: false,
      reason: 'unknown_cmd',
      cmd: 8,
    });
    expect(decodeLiveFrame('{"cmd":7,"data":"{x"}', registry)).toMatchObject({ reason: 'invalid_data' });
    const invalid = decodeLiveFrame('{"cmd":7,"data":"{\\"n\\":1.5}"}', registry);
    expect(invalid).toMatchObject({ ok: false, reason: 'invalid_data', cmd: 7 });
    expect(!invalid.ok && invalid.msg.startsWith('n:')).toBe(true);
    expect(decodeLiveFrame('{"cmd":"constructor","data":"{}"}', registry)).toMatchObject({
      reason: 'envelope',
    });
  });
});
