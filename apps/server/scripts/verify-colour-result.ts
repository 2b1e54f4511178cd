/**
 * Checks one settled colour round of any running server, trusting nothing it says: it fetches
 * GET /win/fairness?category&period and recomputes the result from the revealed seed with the shared
 * verification function (the same code as the app's Verify action), then checks the seed against the
 * previous round's seed and against the chain's terminal hash that was published before the first round.
 *
 *   npx tsx apps/server/scripts/verify-colour-result.ts http://localhost:3000 P 20250305002
 *
 * Exit status: 0 when every check passed, 1 when one failed, 2 when the round could not be checked (bad
 * arguments, server unreachable, period not settled yet).
 */
import { pathToFileURL } from 'node:url';
import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_PATTERN,
  type ColourFairnessResponse,
  isColourCategory,
  SEED_HEX_PATTERN,
  verifyColourRound,
} from '@app/shared';
import { z } from 'zod';
import { fetchPublished, VERIFY_EXIT, type VerifyReport } from './verify-support.ts';

/** A chain has at most a million links (COLOUR_CHAIN_LENGTH); nothing larger is hashed. */
const MAX_CHAIN_INDEX = 1_000_000;

const USAGE = 'usage: verify-colour-result <server-url> <category P|S|B|E> <period YYYYMMDDnnn>';

const hex = z.string().regex(SEED_HEX_PATTERN);
/** What the server must answer; anything else is reported, not trusted. */
const fairnessAnswer = z.object({
  code: z.literal(200),
  category: z.enum(COLOUR_CATEGORIES),
  period: z.string().regex(COLOUR_PERIOD_PATTERN),
  terminal_hash: hex,
  chain_index: z.number().int().min(1).max(MAX_CHAIN_INDEX),
  settled: z.boolean(),
  seed: hex.nullable(),
  previous_seed: hex.nullable(),
  price: z.number().int().nullable(),
  number: z.number().int().nullable(),
});

const mark = (passed: boolean | undefined): string =>
  passed === undefined ? 'not checked' : passed ? 'ok' : 'MISMATCH';

/** Fetches a round's fairness answer from `serverUrl` and checks it; answers the printed lines and exit code. */
export async function verifyColourResult(args: readonly string[]): Promise<VerifyReport> {
  const [serverUrl, category, period] = args;
  if (!serverUrl || !category || !period || args.length !== 3) return { exitCode: 2, lines: [USAGE] };
  if (!isColourCategory(category)) return { exitCode: 2, lines: [`unknown category ${category}`, USAGE] };
  if (!COLOUR_PERIOD_PATTERN.test(period)) return { exitCode: 2, lines: [`bad period ${period}`, USAGE] };
  let url: URL;
  try {
    url = new URL('/win/fairness', serverUrl);
  } catch {
    return { exitCode: 2, lines: [`bad server URL ${serverUrl}`, USAGE] };
  }
  url.searchParams.set('category', category);
  url.searchParams.set('period', period);

  const fetched = await fetchPublished(url, fairnessAnswer);
  if ('problem' in fetched) return { exitCode: VERIFY_EXIT.unusable, lines: [fetched.problem] };
  const answer: ColourFairnessResponse = fetched.value;
  const lines = [
    `Colour round ${answer.category} ${answer.period} from ${url.origin}`,
    `  commitment (terminal hash): ${answer.terminal_hash}`,
    `  chain index:                ${answer.chain_index}`,
  ];
  if (answer.category !== category || answer.period !== period) {
    return { exitCode: 1, lines: [...lines, 'FAILED: the server answered about another round'] };
  }
  if (!answer.settled || answer.seed === null || answer.price === null || answer.number === null) {
    return {
      exitCode: 2,
      lines: [...lines, 'not settled yet: the seed is revealed once the round is drawn'],
    };
  }
  const check = await verifyColourRound({
    room: answer.category,
    period: answer.period,
    seed: answer.seed,
    price: answer.price,
    number: answer.number,
    previousSeed: answer.previous_seed,
    terminalHash: answer.terminal_hash,
    chainIndex: answer.chain_index,
  });
  lines.push(
    `  revealed seed:              ${answer.seed}`,
    `  published result:           price ${answer.price}, number ${answer.number}`,
    `  recomputed from the seed:   price ${check.recomputed.price}, number ${check.recomputed.number}  ${mark(check.resultMatches)}`,
    `  SHA-256(seed) = previous round's seed: ${answer.previous_seed === null ? 'not revealed (first round of the chain)' : mark(check.previousSeedMatches)}`,
    `  seed hashed ${answer.chain_index} times = terminal hash: ${mark(check.terminalHashMatches)}`,
    check.ok ? 'VERIFIED' : 'FAILED',
  );
  return { exitCode: check.ok ? 0 : 1, lines };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await verifyColourResult(process.argv.slice(2));
  process.stdout.write(`${report.lines.join('\n')}\n`);
  process.exitCode = report.exitCode;
}
