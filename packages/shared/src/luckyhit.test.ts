import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Card,
  compareHands,
  dealLuckyHit,
  deckCard,
  HAND_CLASSES,
  type HandClass,
  isLuckyHitBettingOpen,
  LUCKY_HIT_DEALS,
  LUCKY_HIT_WINNING_DEALS_BY_MULTIPLIER,
  luckyHitBetProgress,
  luckyHitClientSeeds,
  luckyHitDrawMessage,
  luckyHitFeeMinor,
  luckyHitHouseEdgePercent,
  luckyHitMultiplier,
  luckyHitOutcome,
  luckyHitPayoutMinor,
  luckyHitPeriodAt,
  luckyHitPeriodStart,
  randomLuckyHitClientSeed,
  rankHand,
} from './luckyhit.ts';

const KOLKATA = 'Asia/Kolkata';
const SUIT = { d: 1, c: 2, h: 3, s: 4 } as const;
const VALUE: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };
/** "As Kd 10h" → cards. */
const hand = (text: string): Card[] =>
  text.split(' ').map((word) => {
    const suit = SUIT[word.slice(-1) as keyof typeof SUIT];
    const rank = word.slice(0, -1);
    return { t: suit, n: VALUE[rank] ?? Number(rank) };
  });
const classOf = (text: string) => rankHand(hand(text)).handClass;
const beats = (a: string, b: string) => compareHands(hand(a), hand(b)) > 0;

describe('round clock', () => {
  const start = Date.UTC(2026, 10, 25, 12, 0, 0);
  it('opens bets at second 4 and closes them after second 19', () => {
    expect(isLuckyHitBettingOpen(start + 3_999)).toBe(false);
    expect(isLuckyHitBettingOpen(start + 4_000)).toBe(true);
    expect(isLuckyHitBettingOpen(start + 19_999)).toBe(true);
    expect(isLuckyHitBettingOpen(start + 20_000)).toBe(false);
    expect(isLuckyHitBettingOpen(start + 29_999)).toBe(false);
    expect(isLuckyHitBettingOpen(start + 30_000 + 4_000)).toBe(true);
  });

  it('runs the progress bar from 100 at second 4 to 0 at second 19', () => {
    expect(luckyHitBetProgress(start + 3_000)).toBe(0);
    expect(luckyHitBetProgress(start + 4_000)).toBe(100);
    expect(luckyHitBetProgress(start + 11_500)).toBe(50);
    expect(luckyHitBetProgress(start + 19_000)).toBe(0);
  });

  it('numbers rounds 0001…2880 per market day, and reads the number back', () => {
    // 18:30 UTC is midnight in Kolkata.
    const midnight = Date.UTC(2026, 10, 25, 18, 30, 0);
    expect(luckyHitPeriodAt(midnight, KOLKATA)).toBe('202611260001');
    expect(luckyHitPeriodAt(midnight + 29_999, KOLKATA)).toBe('202611260001');
    expect(luckyHitPeriodAt(midnight + 30_000, KOLKATA)).toBe('202611260002');
    expect(luckyHitPeriodAt(midnight - 1, KOLKATA)).toBe('202611252880');
    expect(luckyHitPeriodStart('202611260002', KOLKATA)).toBe(midnight + 30_000);
    expect(luckyHitPeriodStart('202611252880', KOLKATA)).toBe(midnight - 30_000);
    expect(luckyHitPeriodStart('202611252881', KOLKATA)).toBeUndefined();
    expect(luckyHitPeriodStart('20261125001', KOLKATA)).toBeUndefined();
  });
});

describe('hand ranking', () => {
  it('classifies every hand class', () => {
    expect(classOf('7s 7h 7d')).toBe('trips');
    expect(classOf('5h 6h 7h')).toBe('straight_flush');
    expect(classOf('Ac Kc Qc')).toBe('straight_flush');
    expect(classOf('Ad 2d 3d')).toBe('straight_flush');
    expect(classOf('2s 9s Js')).toBe('flush');
    expect(classOf('Ks Ah 2d')).toBe('high_card'); // K-A-2 does not wrap around
    expect(classOf('Qs Kh Ad')).toBe('straight');
    expect(classOf('Ah 2s 3d')).toBe('straight');
    expect(classOf('9h 9c 2d')).toBe('pair');
    expect(classOf('2h 5c 9d')).toBe('high_card');
  });

  it('orders the classes trips > straight flush > flush > straight > pair > high card', () => {
    const ladder = ['2s 2h 2d', 'Ac Kc Qc', 'Ah Kh Jh', 'Ac Kd Qh', 'As Ah Kd', 'As Kh Jd'];
    for (let index = 0; index + 1 < ladder.length; index += 1) {
      expect(beats(ladder[index] as string, ladder[index + 1] as string)).toBe(true);
    }
    expect(ladder.map(classOf)).toEqual([...HAND_CLASSES].reverse());
  });

  it('ranks A-K-Q the highest straight and A-2-3 the lowest', () => {
    expect(beats('Qs Kh Ad', 'Js Qh Kd')).toBe(true);
    expect(beats('2s 3h 4d', 'Ah 2c 3s')).toBe(true);
    expect(beats('Qd Kd Ad', 'Jh Qh Kh')).toBe(true);
    expect(beats('2c 3c 4c', 'As 2s 3s')).toBe(true);
    expect(rankHand(hand('Ah 2s 3d')).values).toEqual([3, 2, 1]);
  });

  it('breaks ties by cards high to low: a pair by its rank, then the kicker; others card by card', () => {
    expect(beats('6s 6h 2d', '5s 5h Kd')).toBe(true);
    expect(beats('6c 6d 9s', '6s 6h 8d')).toBe(true);
    expect(beats('Ks 9h 2d', 'Kh 8s 7d')).toBe(true);
    expect(beats('Ks 9h 3d', 'Kh 9s 2d')).toBe(true);
    expect(beats('Ah Jh 4h', 'As Js 3s')).toBe(true);
    expect(beats('4h 5c 6d', '3s 4s 5d')).toBe(true);
  });

  it('breaks equal cards by the suit of the highest card: spades > hearts > clubs > diamonds', () => {
    expect(beats('Ks 9h 2d', 'Kh 9s 2c')).toBe(true);
    expect(beats('Kh 9h 2d', 'Kc 9s 2s')).toBe(true);
    expect(beats('Kc 9d 2d', 'Kd 9s 2s')).toBe(true);
    // A pair's highest card is its higher-suited card.
    expect(beats('9s 9d 4c', '9h 9c 4d')).toBe(true);
    expect(beats('Ah 2h 3s', 'Ac 2c 3d')).toBe(true); // the 3 is the highest card of A-2-3
    expect(beats('5s 6s 7s', '5h 6h 7h')).toBe(true);
  });

  it('counts every one of the 22,100 three-card hands by class as the closed forms say', () => {
    const counts = Object.fromEntries(HAND_CLASSES.map((name) => [name, 0])) as Record<HandClass, number>;
    let hands = 0;
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1)
        for (let c = b + 1; c < 52; c += 1) {
          counts[rankHand([deckCard(a), deckCard(b), deckCard(c)]).handClass] += 1;
          hands += 1;
        }
    expect(hands).toBe(22_100);
    // Closed forms: trips 13·C(4,3); straight flush 12 runs · 4 suits; flush 4·C(13,3) − 48;
    // straight 12 · 4³ − 48; pair 13·C(4,2)·48; high card the rest.
    expect(counts).toEqual({
      trips: 13 * 4,
      straight_flush: 12 * 4,
      flush: 4 * 286 - 48,
      straight: 12 * 64 - 48,
      pair: 13 * 6 * 48,
      high_card: 22_100 - 52 - 48 - 1_096 - 720 - 3_744,
    });
    expect(counts).toEqual({
      trips: 52,
      straight_flush: 48,
      flush: 1_096,
      straight: 720,
      pair: 3_744,
      high_card: 16_440,
    });
  });
});

describe('payouts', () => {
  const outcomeOf = (black: string, red: string) => luckyHitOutcome(hand(black), hand(red));

  it('names the winner of every deal', () => {
    expect(outcomeOf('2s 2h 2d', 'Ac Kc Qc')).toMatchObject({
      winner: 'B',
      blackWin: true,
      luckyHitOdds: 11,
    });
    expect(outcomeOf('As Kh Jd', 'Ac Kd Qh')).toMatchObject({
      winner: 'R',
      blackWin: false,
      luckyHitOdds: 3,
    });
  });

  it('pays Lucky Hit on the winning hand: pair 9-A 2×, straight 3×, flush 4×, straight flush 6×, trips 11×', () => {
    const odds = (text: string) => luckyHitMultiplier(rankHand(hand(text)));
    expect(odds('8s 8h Ad')).toBe(0);
    expect(odds('9s 9h 2d')).toBe(2);
    expect(odds('As Ah 2d')).toBe(2);
    expect(odds('Ah 2s 3d')).toBe(3);
    expect(odds('2s 9s Js')).toBe(4);
    expect(odds('Ad 2d 3d')).toBe(6);
    expect(odds('2s 2h 2d')).toBe(11);
    expect(odds('As Kh Jd')).toBe(0);
    // Only the winning hand counts: a losing pair of aces pays nothing, a winning pair of kings 2×.
    expect(outcomeOf('7s 8h 2d', 'As Ah Kd').luckyHitOdds).toBe(2);
    expect(outcomeOf('2s 3h 4d', 'As Ah Kd')).toMatchObject({ winner: 'B', luckyHitOdds: 3 });
    expect(outcomeOf('2s 3s 5s', 'As Ah Kd')).toMatchObject({ winner: 'B', luckyHitOdds: 4 });
    expect(outcomeOf('As Ah Kd', '8s 8h 2d')).toMatchObject({ winner: 'B', luckyHitOdds: 2 });
    expect(outcomeOf('8s 8h Ad', 'As 5h Kd')).toMatchObject({ winner: 'B', luckyHitOdds: 0 });
    expect(outcomeOf('Ks Kh 2d', '8s 8h Ad').luckyHitOdds).toBe(2);
    expect(outcomeOf('Qs Qh 2d', 'Ks 4h 2c')).toMatchObject({ winner: 'B', luckyHitOdds: 2 });
  });

  it('pays 2 % fee, black or red 1.96× of the stake, Lucky Hit its multiple of 98 %', () => {
    const blackWins = { winner: 'B' as const, luckyHitOdds: 0 };
    const redWithFlush = { winner: 'R' as const, luckyHitOdds: 4 };
    expect(luckyHitFeeMinor(10_000)).toBe(200);
    expect(luckyHitFeeMinor(1_050)).toBe(21);
    expect(luckyHitFeeMinor(149)).toBe(2);
    expect(luckyHitPayoutMinor(10_000, 'B', blackWins)).toBe(19_600);
    expect(luckyHitPayoutMinor(10_000, 'R', blackWins)).toBe(0);
    expect(luckyHitPayoutMinor(10_000, 'L', blackWins)).toBe(0);
    expect(luckyHitPayoutMinor(10_000, 'R', redWithFlush)).toBe(19_600);
    expect(luckyHitPayoutMinor(10_000, 'L', redWithFlush)).toBe(39_200);
    for (const [multiplier, expected] of [
      [2, 19_600],
      [3, 29_400],
      [6, 58_800],
      [11, 107_800],
    ] as const) {
      expect(luckyHitPayoutMinor(10_000, 'L', { winner: 'B', luckyHitOdds: multiplier })).toBe(expected);
    }
  });

  it('has the house edges of the exact enumeration of every ordered pair of disjoint hands', () => {
    // Strength of every hand, then for each hand the number of disjoint hands it beats, by
    // inclusion-exclusion over the hands that share one, two or three of its cards.
    const hands: number[][] = [];
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1) for (let c = b + 1; c < 52; c += 1) hands.push([a, b, c]);
    const ranks = hands.map((cards) => rankHand(cards.map(deckCard)));
    const sorted = (values: number[]) => Float64Array.from(values).sort();
    const below = (list: Float64Array, key: number) => {
      let low = 0;
      let high = list.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((list[middle] as number) < key) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const everyHand = sorted(ranks.map((rank) => rank.strength));
    const withCard: number[][] = Array.from({ length: 52 }, () => []);
    const withPair = new Map<number, number[]>();
    hands.forEach(([a, b, c], index) => {
      const strength = (ranks[index] as (typeof ranks)[number]).strength;
      for (const card of [a, b, c] as number[]) withCard[card]?.push(strength);
      for (const key of [
        (a as number) * 52 + (b as number),
        (a as number) * 52 + (c as number),
        (b as number) * 52 + (c as number),
      ]) {
        const list = withPair.get(key) ?? [];
        list.push(strength);
        withPair.set(key, list);
      }
    });
    const cardLists = withCard.map(sorted);
    const pairLists = new Map([...withPair].map(([key, list]) => [key, sorted(list)]));
    const beatenDisjoint = (index: number): number => {
      const [a, b, c] = hands[index] as [number, number, number];
      const key = (ranks[index] as (typeof ranks)[number]).strength;
      const pair = (x: number, y: number) => below(pairLists.get(x * 52 + y) as Float64Array, key);
      return (
        below(everyHand, key) -
        below(cardLists[a] as Float64Array, key) -
        below(cardLists[b] as Float64Array, key) -
        below(cardLists[c] as Float64Array, key) +
        pair(a, b) +
        pair(a, c) +
        pair(b, c)
      );
    };
    // The inclusion-exclusion against brute force, for a spread of hands.
    for (let index = 0; index < hands.length; index += 997) {
      const own = new Set(hands[index]);
      let brute = 0;
      hands.forEach((other, otherIndex) => {
        if (other.some((card) => own.has(card))) return;
        if (
          (ranks[otherIndex] as (typeof ranks)[number]).strength <
          (ranks[index] as (typeof ranks)[number]).strength
        )
          brute += 1;
      });
      expect(beatenDisjoint(index)).toBe(brute);
    }

    let decided = 0;
    const byMultiplier: Record<number, number> = {};
    hands.forEach((_, index) => {
      const beaten = beatenDisjoint(index);
      decided += beaten;
      // The hand wins as black against each beaten hand as red, and as red against each as black.
      const multiplier = luckyHitMultiplier(ranks[index] as (typeof ranks)[number]);
      if (multiplier > 0) byMultiplier[multiplier] = (byMultiplier[multiplier] ?? 0) + 2 * beaten;
    });
    expect(LUCKY_HIT_DEALS).toBe(22_100 * 18_424);
    // Every deal has a winner, and black wins exactly half of them: B and R keep only the fee.
    expect(2 * decided).toBe(LUCKY_HIT_DEALS);
    expect(byMultiplier).toEqual(LUCKY_HIT_WINNING_DEALS_BY_MULTIPLIER);
    expect(luckyHitHouseEdgePercent('B')).toBe(2);
    expect(luckyHitHouseEdgePercent('R')).toBe(2);
    // 0.98 × (2·55,831,104 + 3·24,657,792 + 4·39,174,400 + 6·1,762,496 + 11·1,913,600) / 407,170,400.
    expect(luckyHitHouseEdgePercent('L')).toBe(9.99);
  });
});

describe('the deal', () => {
  const seed = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdefabcd';
  const period = '202611250001';
  const seeds = ['AAAAAAAAAAAAAAAAAAAA', 'bbbbbbbbbbbbbbbbbbbb', '01234567890123456789'];

  /** Fisher-Yates on node:crypto, written apart from the shared code, to check it against. */
  function referenceDeal(seedHex: string, clientSeeds: string[]) {
    const deck = Array.from({ length: 52 }, (_, index) => index);
    const draws: number[] = [];
    for (let position = 0; position < 6; position += 1) {
      const n = 52 - position;
      const limit = Math.floor(2 ** 32 / n) * n;
      const message = `luckyhit:main:${period}:${clientSeeds.join(':')}:${position}`;
      let draw: number | undefined;
      for (let block = 0; draw === undefined; block += 1) {
        const bytes = createHmac('sha256', Buffer.from(seedHex, 'hex'))
          .update(block === 0 ? message : `${message}:${block}`)
          .digest();
        for (let offset = 0; offset < 32 && draw === undefined; offset += 4) {
          const word = bytes.readUInt32BE(offset);
          if (word < limit) draw = word % n;
        }
      }
      draws.push(draw);
      const other = position + draw;
      [deck[position], deck[other]] = [deck[other] as number, deck[position] as number];
    }
    const card = (index: number) => ({
      t: Math.floor((deck[index] as number) / 13) + 1,
      n: ((deck[index] as number) % 13) + 1,
    });
    return { draws, cards1: [card(0), card(2), card(4)], cards2: [card(1), card(3), card(5)] };
  }

  it('deals six distinct cards from the seeds exactly as an independent Fisher-Yates does', async () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const roundSeed = trial === 0 ? seed : randomBytes(32).toString('hex');
      const deal = await dealLuckyHit(roundSeed, period, seeds);
      expect(deal.clientSeeds).toEqual(seeds);
      expect(referenceDeal(roundSeed, seeds)).toEqual({
        draws: deal.draws,
        cards1: deal.cards1,
        cards2: deal.cards2,
      });
      const all = [...deal.cards1, ...deal.cards2].map((card) => (card.t - 1) * 13 + card.n - 1);
      expect(new Set(all).size).toBe(6);
      deal.draws.forEach((draw, index) => {
        expect(draw).toBeGreaterThanOrEqual(0);
        expect(draw).toBeLessThan(52 - index);
      });
    }
  });

  it('mixes in every client seed, and fills missing ones with fixed seeds derived from the round seed', async () => {
    const full = await dealLuckyHit(seed, period, seeds);
    const other = await dealLuckyHit(seed, period, [
      seeds[0] as string,
      seeds[1] as string,
      'ZZZZZZZZZZZZZZZZZZZZ',
    ]);
    expect(other.draws).not.toEqual(full.draws);
    const none = await luckyHitClientSeeds(seed, period, []);
    expect(none).toHaveLength(3);
    const filler = (k: number) =>
      createHmac('sha256', Buffer.from(seed, 'hex'))
        .update(`luckyhit:filler:${period}:${k}`)
        .digest('hex')
        .slice(0, 20);
    expect(none).toEqual([filler(1), filler(2), filler(3)]);
    expect(await luckyHitClientSeeds(seed, period, [seeds[0] as string])).toEqual([
      seeds[0],
      filler(2),
      filler(3),
    ]);
    // Fixed: the same round gets the same fillers every time.
    expect((await dealLuckyHit(seed, period, [])).draws).toEqual(
      (await dealLuckyHit(seed, period, [])).draws,
    );
    expect(luckyHitDrawMessage(period, seeds, 5)).toBe(`luckyhit:main:${period}:${seeds.join(':')}:5`);
    await expect(dealLuckyHit(seed, period, ['short'])).rejects.toThrow(/client seed/);
  });

  it('makes client seeds of 20 alphanumeric characters', () => {
    const made = new Set(Array.from({ length: 50 }, () => randomLuckyHitClientSeed()));
    expect(made.size).toBe(50);
    for (const value of made) expect(value).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
