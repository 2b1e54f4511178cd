/**
 * Re-deals one Lucky Hit round from its chain seed and client seeds with the shared dealing functions (the
 * same code as the app's Verify action), prints the six cards, the winner and the Lucky Hit multiplier, and,
 * given a server, checks them against what it published, trusting nothing it says: it fetches
 * GET /luckyhit/round_detail?period (a player's session token, of an early-access account, in --token or
 * LUCKYHIT_TOKEN), compares the draws, the cards, the winner and the multiplier, and checks the seed against
 * the previous round's seed and against the chain's terminal hash published before the chain's first round.
 *
 *   npx tsx apps/server/scripts/verify-luckyhit-deal.ts <period> <seed> [<client seed> …]
 *   npx tsx apps/server/scripts/verify-luckyhit-deal.ts --url http://localhost:3000 --token <token> <period> [<seed> [<client seed> …]]
 *
 * With a server and no seeds, the published seed and client seeds are used; seeds given as well are
 * compared with the published ones. Client seeds are the round's first three bettors' (fewer when fewer
 * bet: the missing ones are the fillers derived from the seed). Exit status: 0 when every check passed (or,
 * without a server, the deal was printed), 1 when one failed, 2 when the round could not be checked (bad
 * arguments, server unreachable, round not dealt yet).
 */
import { pathToFileURL } from 'node:url';
import {
  type Card,
  cardLabel,
  dealLuckyHit,
  hashLinks,
  LUCKY_HIT_CLIENT_SEED_PATTERN,
  LUCKY_HIT_CLIENT_SEEDS_PER_ROUND,
  LUCKY_HIT_PERIOD_PATTERN,
  luckyHitOutcome,
  previousLink,
  SEED_HEX_PATTERN,
} from '@app/shared';
import { z } from 'zod';
import { fetchPublished, type VerifyReport } from './verify-support.ts';

/** A chain has at most a million links; nothing larger is hashed. */
const MAX_CHAIN_INDEX = 1_000_000;

const USAGE =
  'usage: verify-luckyhit-deal [--url <server-url> [--token <session token>]] <period> [<seed> [<client seed> ...]]';

const hex = z.string().regex(SEED_HEX_PATTERN);
const card = z.object({ t: z.number().int().min(1).max(4), n: z.number().int().min(1).max(13) });
/** What the server must answer; anything else is reported, not trusted. */
const roundDetailAnswer = z.object({
  code: z.literal(200),
  entity: z.object({
    period: z.string().regex(LUCKY_HIT_PERIOD_PATTERN),
    seed: hex,
    previous_seed: hex.nullable(),
    terminal_hash: hex,
    chain_index: z.number().int().min(1).max(MAX_CHAIN_INDEX),
    client_seeds: z
      .array(z.string().regex(LUCKY_HIT_CLIENT_SEED_PATTERN))
      .length(LUCKY_HIT_CLIENT_SEEDS_PER_ROUND),
    draws: z.array(z.number().int()).length(6),
    cards1: z.array(card).length(3),
    cards2: z.array(card).length(3),
    black_win: z.boolean(),
    lucky_hit_odds: z.number().int().min(0),
  }),
});
type PublishedRound = z.infer<typeof roundDetailAnswer>['entity'];

interface VerifyArguments {
  readonly url: string | undefined;
  readonly token: string | undefined;
  readonly period: string;
  readonly seed: string | undefined;
  readonly clientSeeds: readonly string[];
}

const mark = (passed: boolean): string => (passed ? 'ok' : 'MISMATCH');
const hand = (cards: readonly Card[]): string => cards.map(cardLabel).join(' ');
const same = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

/** The arguments, or the reason they cannot be used. */
function parseArguments(
  args: readonly string[],
  environmentToken: string | undefined,
): VerifyArguments | string {
  let url: string | undefined;
  let token = environmentToken;
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--url' || arg === '--token') {
      const value = args[index + 1];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === '--url') url = value;
      else token = value;
      index += 1;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      positional.push(arg);
    }
  }
  const [period, seed, ...clientSeeds] = positional;
  if (!period) return 'the period is required';
  if (!LUCKY_HIT_PERIOD_PATTERN.test(period)) return `bad period ${period}`;
  if (seed === undefined && url === undefined) return 'the seed is required without --url';
  if (seed !== undefined && !SEED_HEX_PATTERN.test(seed))
    return 'the seed must be 64 lowercase hex characters';
  if (clientSeeds.length > LUCKY_HIT_CLIENT_SEEDS_PER_ROUND)
    return `at most ${LUCKY_HIT_CLIENT_SEEDS_PER_ROUND} client seeds are mixed in`;
  for (const clientSeed of clientSeeds) {
    if (!LUCKY_HIT_CLIENT_SEED_PATTERN.test(clientSeed)) return `bad client seed ${clientSeed}`;
  }
  return { url, token, period, seed, clientSeeds };
}

/** The published round, or the reason it could not be had. */
async function fetchRound(
  serverUrl: string,
  token: string | undefined,
  period: string,
): Promise<{ round: PublishedRound; origin: string } | string> {
  let url: URL;
  try {
    url = new URL('/luckyhit/round_detail', serverUrl);
  } catch {
    return `bad server URL ${serverUrl}`;
  }
  url.searchParams.set('period', period);
  const fetched = await fetchPublished(
    url,
    roundDetailAnswer,
    token ? { authorization: `Token ${token}` } : {},
  );
  if ('problem' in fetched) return fetched.problem;
  return { round: fetched.value.entity, origin: url.origin };
}

/** Re-deals a round and, given a server, checks what it published; answers the printed lines and exit code. */
export async function verifyLuckyHitDeal(
  args: readonly string[],
  environmentToken: string | undefined = undefined,
): Promise<VerifyReport> {
  const parsed = parseArguments(args, environmentToken);
  if (typeof parsed === 'string') return { exitCode: 2, lines: [parsed, USAGE] };
  let published: PublishedRound | undefined;
  const lines: string[] = [];
  if (parsed.url !== undefined) {
    const fetched = await fetchRound(parsed.url, parsed.token, parsed.period);
    if (typeof fetched === 'string') return { exitCode: 2, lines: [fetched] };
    published = fetched.round;
    lines.push(`Lucky Hit round ${parsed.period} from ${fetched.origin}`);
    if (published.period !== parsed.period) {
      return { exitCode: 1, lines: [...lines, 'FAILED: the server answered about another round'] };
    }
  } else {
    lines.push(`Lucky Hit round ${parsed.period}`);
  }
  // Without seeds of one's own, the published ones; the re-deal is the check either way.
  const seed = parsed.seed ?? (published?.seed as string);
  const bettorSeeds = parsed.seed === undefined && published ? published.client_seeds : parsed.clientSeeds;
  const deal = await dealLuckyHit(seed, parsed.period, bettorSeeds);
  const outcome = luckyHitOutcome(deal.cards1, deal.cards2);
  lines.push(
    `  seed:                   ${seed}`,
    `  client seeds:           ${deal.clientSeeds.join(' ')}`,
    `  draws:                  ${deal.draws.join(' ')}`,
    `  black (cards1):         ${hand(deal.cards1)}`,
    `  red (cards2):           ${hand(deal.cards2)}`,
    `  winner:                 ${outcome.blackWin ? 'black' : 'red'} (${outcome.winningClass}), Lucky Hit ${outcome.luckyHitOdds > 0 ? `${outcome.luckyHitOdds}x` : 'none'}`,
  );
  if (!published) {
    lines.push('  not compared: give --url to check the round the server published', 'DEALT');
    return { exitCode: 0, lines };
  }
  const checks: boolean[] = [];
  const check = (label: string, passed: boolean) => {
    checks.push(passed);
    lines.push(`  ${label.padEnd(46)} ${mark(passed)}`);
  };
  if (parsed.seed !== undefined) {
    check('given seed = published seed', parsed.seed === published.seed);
    check('given client seeds = published client seeds', same(deal.clientSeeds, published.client_seeds));
  }
  check('re-dealt draws = published draws', same(deal.draws, published.draws));
  check(
    're-dealt cards = published cards',
    same([deal.cards1, deal.cards2], [published.cards1, published.cards2]),
  );
  check(
    're-dealt winner and Lucky Hit = published',
    outcome.blackWin === published.black_win && outcome.luckyHitOdds === published.lucky_hit_odds,
  );
  if (published.previous_seed === null) {
    lines.push(
      `  ${"SHA-256(seed) = previous round's seed".padEnd(46)} not revealed (first round of the chain)`,
    );
  } else {
    check("SHA-256(seed) = previous round's seed", (await previousLink(seed)) === published.previous_seed);
  }
  check(
    `seed hashed ${published.chain_index} times = terminal hash`,
    (await hashLinks(seed, published.chain_index)) === published.terminal_hash,
  );
  const ok = checks.every(Boolean);
  lines.push(ok ? 'VERIFIED' : 'FAILED');
  return { exitCode: ok ? 0 : 1, lines };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await verifyLuckyHitDeal(process.argv.slice(2), process.env.LUCKYHIT_TOKEN);
  process.stdout.write(`${report.lines.join('\n')}\n`);
  process.exitCode = report.exitCode;
}
