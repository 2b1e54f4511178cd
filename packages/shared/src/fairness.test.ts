import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  colourDrawMessage,
  colourResultFromSeed,
  hashLinks,
  previousLink,
  uniformFromSeed,
  verifyColourRound,
} from './fairness.ts';

/** An independent implementation on node:crypto, to check the Web Crypto one against. */
function referenceUniform(seedHex: string, message: string, n: number): number {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (let block = 0; ; block += 1) {
    const bytes = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(block === 0 ? message : `${message}:${block}`)
      .digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const word = bytes.readUInt32BE(offset);
      if (word < limit) return word % n;
    }
  }
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('fairness', () => {
  it('walks a hash chain backwards: a seed hashes to the previous seed and k times to the terminal hash', async () => {
    const links = [randomBytes(32).toString('hex')];
    for (let step = 0; step < 20; step += 1) links.push(sha256(links[links.length - 1] as string));
    // links[0] is the secret (link 20), links[20] the terminal hash (link 0); link k is links[20 - k].
    const terminal = links[20] as string;
    const linkK = (k: number) => links[20 - k] as string;
    expect(await previousLink(linkK(7))).toBe(linkK(6));
    expect(await hashLinks(linkK(7), 7)).toBe(terminal);
    expect(await hashLinks(linkK(7), 0)).toBe(linkK(7));
  });

  it('draws like an independent implementation, rejection sampling and later blocks included', async () => {
    // With n just above 2^31 about half the words are rejected, so some seeds need a second block.
    const n = 2 ** 31 + 1;
    let needingSecondBlock = 0;
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const seed = randomBytes(32).toString('hex');
      const message = colourDrawMessage('P', '20250305001');
      const expected = referenceUniform(seed, message, n);
      expect(await uniformFromSeed(seed, message, n)).toBe(expected);
      const firstBlock = createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest();
      const allRejected = [0, 4, 8, 12, 16, 20, 24, 28].every(
        (offset) => firstBlock.readUInt32BE(offset) >= n,
      );
      if (allRejected) needingSecondBlock += 1;
    }
    expect(needingSecondBlock).toBeGreaterThan(0);
  });

  it('derives a colour result in range and verifies it round trip', async () => {
    const previous = randomBytes(32).toString('hex');
    const seed = randomBytes(32).toString('hex');
    const previousOfSeed = sha256(seed);
    const result = await colourResultFromSeed(seed, 'S', '20250305017');
    const expectedPrice = 10_000 + referenceUniform(seed, 'colour:S:20250305017', 90_000);
    expect(result).toEqual({ price: expectedPrice, number: expectedPrice % 10 });
    const base = { room: 'S' as const, period: '20250305017', seed, ...result };
    const checked = await verifyColourRound({
      ...base,
      previousSeed: previousOfSeed,
      terminalHash: sha256(sha256(seed)),
      chainIndex: 2,
    });
    expect(checked).toMatchObject({
      ok: true,
      resultMatches: true,
      previousSeedMatches: true,
      terminalHashMatches: true,
    });
    expect((await verifyColourRound({ ...base, price: result.price + 1 })).ok).toBe(false);
    expect((await verifyColourRound({ ...base, previousSeed: previous })).ok).toBe(false);
    expect((await verifyColourRound({ ...base, period: '20250305018' })).resultMatches).toBe(
      (await colourResultFromSeed(seed, 'S', '20250305018')).price === result.price,
    );
  });

  it('spreads results over all ten digits', async () => {
    const counts = new Array<number>(10).fill(0);
    for (let round = 0; round < 300; round += 1) {
      const { price, number } = await colourResultFromSeed(
        randomBytes(32).toString('hex'),
        'B',
        '20250305001',
      );
      expect(price).toBeGreaterThanOrEqual(10_000);
      expect(price).toBeLessThan(100_000);
      counts[number] = (counts[number] ?? 0) + 1;
    }
    expect(counts.every((count) => count > 0)).toBe(true);
  });
});
