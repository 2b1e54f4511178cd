import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { type ChannelSettings, resealChannelSecrets } from '../../modules/payments/channel-secrets.ts';
import type { PaymentChannelRow } from '../../modules/payments/payments.tables.ts';
import {
  listGameProviderSecrets,
  listOperatorTotpSecrets,
  listPaymentChannelSettings,
  type OperatorSecretColumn,
  replaceGameProviderSecret,
  replaceOperatorSecret,
  replacePaymentChannelSettings,
} from './sealed-columns.repository.ts';
import { type SecretBox, SecretBoxError } from './secret-box.ts';
import { SecretPurpose } from './secret-purposes.ts';

/** Rows read per query while a table is walked, so a table of any size is read in bounded pieces. */
export const RESEAL_PAGE_ROWS = 500;

/** How many values of each sealed column were sealed again (0 everywhere: nothing needed it). */
export interface ResealReport {
  readonly 'operators.totp_secret': number;
  readonly 'operators.totp_pending_secret': number;
  /** Secret settings inside payment_channels.settings_json (each key counted). */
  readonly 'payment_channels.settings_json': number;
  readonly 'game_providers.secret': number;
}

/** The total of a report. */
export function resealedCount(report: ResealReport): number {
  return Object.values(report).reduce((sum, count) => sum + count, 0);
}

const OPERATOR_SECRET_PURPOSES: ReadonlyArray<readonly [OperatorSecretColumn, string]> = [
  ['totp_secret', SecretPurpose.operatorTotpSecret],
  ['totp_pending_secret', SecretPurpose.operatorTotpPendingSecret],
];

/** Calls `visit` for every row of a listing, page by page in id order; stops early when it answers true. */
async function walk<Row extends { id: number }>(
  db: Kysely<Database>,
  list: (db: Kysely<Database>, afterId: number, limit: number) => Promise<Row[]>,
  visit: (row: Row) => Promise<boolean | undefined> | boolean | undefined,
): Promise<void> {
  for (let afterId = 0; ; ) {
    const rows = await list(db, afterId, RESEAL_PAGE_ROWS);
    for (const row of rows) {
      if (await visit(row)) return;
    }
    const last = rows.at(-1);
    if (rows.length < RESEAL_PAGE_ROWS || last === undefined) return;
    afterId = Number(last.id);
  }
}

/** Whether any row of a listing matches; a read outside any transaction, so a start with nothing to do is cheap. */
async function anyRow<Row extends { id: number }>(
  db: Kysely<Database>,
  list: (db: Kysely<Database>, afterId: number, limit: number) => Promise<Row[]>,
  matches: (row: Row) => boolean,
): Promise<boolean> {
  let found = false;
  await walk(db, list, (row) => {
    found = matches(row);
    return found;
  });
  return found;
}

/** Runs `reseal` naming the row in its error, so a start that stops on a key says which value. */
function explained<T>(where: string, reseal: () => T): T {
  try {
    return reseal();
  } catch (error) {
    if (error instanceof SecretBoxError) throw new SecretBoxError(`${where}: ${error.message}`);
    throw error;
  }
}

function parsedSettings(json: string): ChannelSettings | undefined {
  try {
    const parsed: unknown = JSON.parse(json);
    // Settings that are no object hold no secret an adapter would read (the channel is not configured).
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as ChannelSettings)
      : undefined;
  } catch {
    return undefined;
  }
}

async function resealOperators(
  database: AppDatabase,
  secrets: SecretBox,
): Promise<Record<OperatorSecretColumn, number>> {
  const needsReseal = (row: Record<OperatorSecretColumn, string | null>) =>
    OPERATOR_SECRET_PURPOSES.some(([column]) => {
      const value = row[column];
      return value !== null && secrets.needsReseal(value);
    });
  if (!(await anyRow(database.db, listOperatorTotpSecrets, needsReseal))) {
    return { totp_secret: 0, totp_pending_secret: 0 };
  }
  return runInTransaction(database, async (trx) => {
    const counts = { totp_secret: 0, totp_pending_secret: 0 };
    await walk(trx, listOperatorTotpSecrets, async (row) => {
      for (const [column, purpose] of OPERATOR_SECRET_PURPOSES) {
        const value = row[column];
        if (value === null || !secrets.needsReseal(value)) continue;
        const next = explained(`operator ${row.id}`, () => secrets.reseal(value, purpose));
        // Only if it is unchanged: a value another instance wrote meanwhile is newer and already sealed.
        if (await replaceOperatorSecret(trx, Number(row.id), column, value, next)) counts[column] += 1;
      }
      return false;
    });
    return counts;
  });
}

async function resealPaymentChannels(database: AppDatabase, secrets: SecretBox): Promise<number> {
  const resealedOf = (row: Pick<PaymentChannelRow, 'key' | 'adapter' | 'settings_json'>) => {
    const settings = parsedSettings(row.settings_json);
    if (settings === undefined) return { settings: {}, resealed: 0 };
    return explained(`payment channel ${row.key}`, () =>
      resealChannelSecrets(secrets, row.adapter, settings),
    );
  };
  // When nothing needs it this seals nothing: resealChannelSecrets seals only the values that need it.
  const needsReseal = (row: Parameters<typeof resealedOf>[0]) => resealedOf(row).resealed > 0;
  if (!(await anyRow(database.db, listPaymentChannelSettings, needsReseal))) return 0;
  return runInTransaction(database, async (trx) => {
    let count = 0;
    await walk(trx, listPaymentChannelSettings, async (row) => {
      const { settings, resealed } = resealedOf(row);
      if (resealed === 0) return false;
      const next = JSON.stringify(settings);
      if (await replacePaymentChannelSettings(trx, Number(row.id), row.settings_json, next))
        count += resealed;
      return false;
    });
    return count;
  });
}

async function resealGameProviders(database: AppDatabase, secrets: SecretBox): Promise<number> {
  const needsReseal = (row: { secret: string }) => row.secret !== '' && secrets.needsReseal(row.secret);
  if (!(await anyRow(database.db, listGameProviderSecrets, needsReseal))) return 0;
  return runInTransaction(database, async (trx) => {
    let count = 0;
    await walk(trx, listGameProviderSecrets, async (row) => {
      if (!needsReseal(row)) return false;
      const next = explained(`game provider ${row.key}`, () =>
        secrets.reseal(row.secret, SecretPurpose.gameProviderSecret),
      );
      if (await replaceGameProviderSecret(trx, Number(row.id), row.secret, next)) count += 1;
      return false;
    });
    return count;
  });
}

/**
 * Seals again, under the current key, every stored secret that needs it (DESIGN.md "Auth and security"):
 * operators' TOTP secrets, the secret settings of payment channels and game providers' secrets, whether
 * plaintext from before secrets were sealed or sealed with a previous key. Each table in one transaction;
 * a value is replaced only if it is unchanged since it was read. Idempotent, and a few reads when nothing
 * needs it. Runs at every start after the migrations, before any request (code that opens a value refuses
 * plaintext), and as `npm run secrets:reseal`. A value sealed with a key that is not configured throws
 * SecretBoxError naming the row and the key: nothing of that table is changed.
 */
export async function resealSecrets(database: AppDatabase, secrets: SecretBox): Promise<ResealReport> {
  const operators = await resealOperators(database, secrets);
  const paymentChannels = await resealPaymentChannels(database, secrets);
  const gameProviders = await resealGameProviders(database, secrets);
  return {
    'operators.totp_secret': operators.totp_secret,
    'operators.totp_pending_secret': operators.totp_pending_secret,
    'payment_channels.settings_json': paymentChannels,
    'game_providers.secret': gameProviders,
  };
}
