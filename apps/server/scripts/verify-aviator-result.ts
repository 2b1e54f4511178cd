/**
 * Checks one crash-game round, trusting nothing the server computed: from the revealed server seed and the
 * three client seeds it recomputes SHA-512(server_seed + seed1 + seed2 + seed3) → its first 13 hex
 * characters → r = that / 2^52 → result = max(1.00, floor(97 / (1 − r)) / 100) with the shared function (the
 * same code as the app's Verify dialog), prints each step and says whether it matches the published result.
 *
 *   npx tsx apps/server/scripts/verify-aviator-result.ts <server_seed> <seed1> <seed2> <seed3> [result]
 *   AVIATOR_TOKEN=<your login token> npx tsx apps/server/scripts/verify-aviator-result.ts \
 *     --url http://localhost:3000 --period 17643024000
 *
 * The second form fetches GET /aviator/round_detail?period= (the verification entity; the call needs an
 * early-access player's token, from AVIATOR_TOKEN or --token). It also prints SHA-256 of the server seed:
 * the "next server seed" the app showed before the round.
 *
 * Exit status: 0 when the recomputed result matches, 1 when it does not, 2 when the round could not be
 * checked (bad arguments, server unreachable, round not ended).
 */
import { pathToFileURL } from 'node:url';
import { aviatorResult, aviatorServerSeedHash, formatMultiplier } from '@app/shared';
import { z } from 'zod';
import { fetchPublished, VERIFY_EXIT, type VerifyReport } from './verify-support.ts';

/** A seed longer than this is not one the game makes (server seeds are 64 hex, client seeds 20 characters). */
const MAX_SEED_LENGTH = 200;

const USAGE = [
  'usage: verify-aviator-result <server_seed> <seed1> <seed2> <seed3> [published result, e.g. 2.35]',
  '       verify-aviator-result --url <server-url> --period <period> [--token <token>]  (or AVIATOR_TOKEN)',
].join('\n');

const seed = z.string().min(1).max(MAX_SEED_LENGTH);
/** The verification entity the server must answer; anything else is reported, not trusted. */
const detailAnswer = z.object({
  code: z.literal(200),
  entity: z.object({
    period: z.number().int(),
    result: z.string().regex(/^\d+\.\d{2}$/),
    server_seed: seed,
    player_seed1: seed,
    player_seed2: seed,
    player_seed3: seed,
    sha512hash: z.string(),
    hex: z.string(),
    decimal: z.string(),
  }),
});

/** What the server published about a round, when there is something to compare with. */
interface Published {
  readonly result: string;
  readonly sha512hash?: string;
  readonly hex?: string;
  readonly decimal?: string;
}

const mark = (passed: boolean): string => (passed ? 'ok' : 'MISMATCH');

async function recompute(
  serverSeed: string,
  seeds: readonly string[],
  published: Published | undefined,
  header: string[],
): Promise<VerifyReport> {
  const fair = await aviatorResult(serverSeed, seeds);
  const result = formatMultiplier(fair.resultHundredths);
  const r = Number(BigInt(fair.decimal)) / 2 ** 52;
  const lines = [
    ...header,
    `  server seed:            ${serverSeed}`,
    `  SHA-256(server seed):   ${await aviatorServerSeedHash(serverSeed)}  (the "next server seed" shown before the round)`,
    `  client seeds:           ${seeds.join(' ')}`,
    `  SHA-512:                ${fair.sha512hash}${published?.sha512hash === undefined ? '' : `  ${mark(published.sha512hash === fair.sha512hash)}`}`,
    `  first 13 hex:           ${fair.hex}${published?.hex === undefined ? '' : `  ${mark(published.hex === fair.hex)}`}`,
    `  as an integer:          ${fair.decimal}${published?.decimal === undefined ? '' : `  ${mark(published.decimal === fair.decimal)}`}`,
    `  r = integer / 2^52:     ${r}`,
    `  result = max(1.00, floor(97 / (1 - r)) / 100): ${result}`,
  ];
  if (!published) return { exitCode: 0, lines: [...lines, 'no published result given: nothing to compare'] };
  const ok =
    published.result === result &&
    (published.sha512hash === undefined || published.sha512hash === fair.sha512hash) &&
    (published.hex === undefined || published.hex === fair.hex) &&
    (published.decimal === undefined || published.decimal === fair.decimal);
  lines.push(`  published result:       ${published.result}  ${mark(published.result === result)}`);
  lines.push(ok ? 'MATCHES' : 'DOES NOT MATCH');
  return { exitCode: ok ? 0 : 1, lines };
}

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Recomputes a round from its seeds (given, or fetched from a server); answers the printed lines and exit code. */
export async function verifyAviatorResult(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<VerifyReport> {
  if (!args.includes('--url')) {
    if (args.length !== 4 && args.length !== 5) return { exitCode: 2, lines: [USAGE] };
    const [serverSeed, ...rest] = args as [string, ...string[]];
    const seeds = rest.slice(0, 3);
    if (![serverSeed, ...seeds].every((value) => seed.safeParse(value).success))
      return { exitCode: 2, lines: ['a seed is empty or too long', USAGE] };
    const published = args[4];
    if (published !== undefined && !/^\d+(\.\d{1,2})?$/.test(published))
      return { exitCode: 2, lines: [`bad result ${published}`, USAGE] };
    return recompute(
      serverSeed,
      seeds,
      published === undefined ? undefined : { result: Number(published).toFixed(2) },
      ['Crash-game round from the given seeds'],
    );
  }
  const serverUrl = option(args, '--url');
  const period = option(args, '--period');
  const token = option(args, '--token') ?? env.AVIATOR_TOKEN;
  if (!serverUrl || !period || !/^\d{1,16}$/.test(period)) return { exitCode: 2, lines: [USAGE] };
  if (!token)
    return { exitCode: 2, lines: ['the call needs your login token: --token or AVIATOR_TOKEN', USAGE] };
  let url: URL;
  try {
    url = new URL('/aviator/round_detail', serverUrl);
  } catch {
    return { exitCode: 2, lines: [`bad server URL ${serverUrl}`, USAGE] };
  }
  url.searchParams.set('period', period);
  const fetched = await fetchPublished(url, detailAnswer, { authorization: `Token ${token}` });
  if ('problem' in fetched) return { exitCode: VERIFY_EXIT.unusable, lines: [fetched.problem] };
  const { entity } = fetched.value;
  const header = [`Crash-game round ${entity.period} from ${url.origin}`];
  if (String(entity.period) !== period) {
    return { exitCode: 1, lines: [...header, 'DOES NOT MATCH: the server answered about another round'] };
  }
  return recompute(
    entity.server_seed,
    [entity.player_seed1, entity.player_seed2, entity.player_seed3],
    { result: entity.result, sha512hash: entity.sha512hash, hex: entity.hex, decimal: entity.decimal },
    header,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await verifyAviatorResult(process.argv.slice(2));
  process.stdout.write(`${report.lines.join('\n')}\n`);
  process.exitCode = report.exitCode;
}
