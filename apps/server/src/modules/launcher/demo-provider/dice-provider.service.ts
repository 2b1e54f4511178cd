import { createHash, randomBytes } from 'node:crypto';
import {
  DICE_HOUSE_PERCENT,
  DICE_MIN_TARGET,
  dicePayoutMinor,
  diceRollFromSeed,
  isDiceTarget,
  SEAMLESS_NONCE_HEADER,
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  type SeamlessOpenResponse,
  type SeamlessWalletResponse,
} from '@app/shared';
import { AppError, badRequest } from '../../../http/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import { signSeamlessCall } from '../seamless-wallet.service.ts';

/** The demo provider's key in game_providers, its game code, and where its page is served. */
export const DEMO_PROVIDER_KEY = 'demo';
export const DEMO_DICE_GAME_CODE = 'dice';
export const DEMO_DICE_PAGE_PATH = '/demo-provider/dice';
/** Named limits of the demo provider's memory and of its stakes. */
export const DEMO_MAX_SESSIONS = 10_000;
export const DEMO_SESSION_TTL_MS = 2 * 60 * 60_000;
export const DEMO_MIN_STAKE_MINOR = 1_00;
export const DEMO_MAX_STAKE_MINOR = 10_000_00;
/** The demo's approved caps: its best payout (target 2) is 98 / 2 = 49× the stake; 1,000,000.00 net a day. */
export const DEMO_MAX_MULTIPLIER_HUNDREDTHS = Math.ceil(((100 - DICE_HOUSE_PERCENT) * 100) / DICE_MIN_TARGET);
export const DEMO_DAILY_PAYOUT_CAP_MINOR = 1_000_000_00;
/** Random bytes of a call's nonce (24 characters in base64url). */
const NONCE_BYTES = 18;
/** Attempts of a winning roll's credit before the roll is reported as failed (the provider retries). */
const CREDIT_ATTEMPTS = 3;
/** Timeout of one call to the seamless wallet. */
const WALLET_CALL_TIMEOUT_MS = 10_000;

interface DemoSession {
  walletSession: string;
  nickName: string;
  serverSeedHex: string;
  nonce: number;
  expiresAt: number;
  /** Rolls of one session take turns (one wallet conversation at a time). */
  busy: boolean;
}

/** What the demo provider needs: where our seamless wallet is and the provider secret it signs with. */
export interface DemoProviderConfig {
  walletBaseUrl(): string;
  secret(): Promise<string>;
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * The built-in demo provider: a provably-fair dice game as a third-party provider would run it. It holds its
 * own sessions (in this process's memory, as a provider's server would in its own) and reaches the player's
 * money only through our seamless-wallet API over HTTP, signed with its key: debit the stake, roll, credit a
 * win. Each session commits to a server seed by its SHA-256 before any roll; the roll is HMAC-SHA256 of the
 * player's seed and the roll number, and the seed is revealed (and replaced) on request.
 */
export class DiceProviderService {
  private readonly sessions = new Map<string, DemoSession>();

  constructor(
    private readonly config: DemoProviderConfig,
    private readonly clock: Clock,
  ) {}

  /** Opens a demo session with the one-time launch token of our launcher. */
  async open(launchToken: string) {
    const opened = await this.call<SeamlessOpenResponse>('open', { launch_token: launchToken });
    this.prune();
    const id = randomBytes(24).toString('base64url');
    const serverSeedHex = randomBytes(32).toString('hex');
    this.sessions.set(id, {
      walletSession: opened.session,
      nickName: opened.nick_name,
      serverSeedHex,
      nonce: 0,
      expiresAt: this.clock.now() + DEMO_SESSION_TTL_MS,
      busy: false,
    });
    return {
      code: 200,
      session_id: id,
      nick_name: opened.nick_name,
      balance_minor: opened.balance_minor,
      currency: opened.currency,
      server_seed_hash: sha256(serverSeedHex),
      nonce: 0,
    };
  }

  /** One roll: debit the stake, roll under the target, credit the win. */
  async roll(sessionId: string, request: { stakeMinor: number; target: number; clientSeed: string }) {
    const session = this.session(sessionId);
    if (
      !Number.isSafeInteger(request.stakeMinor) ||
      request.stakeMinor < DEMO_MIN_STAKE_MINOR ||
      request.stakeMinor > DEMO_MAX_STAKE_MINOR
    ) {
      throw badRequest(
        `stake must be between ${DEMO_MIN_STAKE_MINOR} and ${DEMO_MAX_STAKE_MINOR} minor units`,
      );
    }
    if (!isDiceTarget(request.target)) throw badRequest('target must be a whole number from 2 to 98');
    if (!/^[A-Za-z0-9]{1,64}$/.test(request.clientSeed))
      throw badRequest('client_seed must be 1-64 letters or digits');
    if (session.busy) throw new AppError(429, 'A roll is already running');
    session.busy = true;
    try {
      const nonce = session.nonce + 1;
      const roundId = `dice-${sessionId.slice(0, 12)}-${nonce}`;
      const debited = await this.call<SeamlessWalletResponse>('debit', {
        session: session.walletSession,
        transaction_id: `${roundId}-bet`,
        round_id: roundId,
        amount_minor: request.stakeMinor,
      });
      session.nonce = nonce;
      const roll = await diceRollFromSeed(session.serverSeedHex, request.clientSeed, nonce);
      const payoutMinor = dicePayoutMinor(request.stakeMinor, request.target, roll);
      let balanceMinor = debited.balance_minor;
      if (payoutMinor > 0) {
        balanceMinor = (await this.creditWithRetries(session, `${roundId}-win`, roundId, payoutMinor))
          .balance_minor;
      }
      return {
        code: 200,
        nonce,
        roll,
        win: payoutMinor > 0,
        payout_minor: payoutMinor,
        balance_minor: balanceMinor,
        server_seed_hash: sha256(session.serverSeedHex),
      };
    } finally {
      session.busy = false;
    }
  }

  /** Reveals the session's server seed (so every roll so far can be checked) and commits to a new one. */
  reveal(sessionId: string) {
    const session = this.session(sessionId);
    const revealed = session.serverSeedHex;
    session.serverSeedHex = randomBytes(32).toString('hex');
    session.nonce = 0;
    return { code: 200, server_seed: revealed, next_server_seed_hash: sha256(session.serverSeedHex) };
  }

  /** The player's balance, from our wallet. */
  async balance(sessionId: string) {
    const session = this.session(sessionId);
    const answer = await this.call<SeamlessWalletResponse>('balance', { session: session.walletSession });
    return { code: 200, balance_minor: answer.balance_minor };
  }

  private async creditWithRetries(session: DemoSession, txId: string, roundId: string, amountMinor: number) {
    let lastError: unknown;
    for (let attempt = 1; attempt <= CREDIT_ATTEMPTS; attempt += 1) {
      try {
        // The same transaction id every time: the wallet credits it once however often it is sent.
        return await this.call<SeamlessWalletResponse>('credit', {
          session: session.walletSession,
          transaction_id: txId,
          round_id: roundId,
          amount_minor: amountMinor,
        });
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private session(sessionId: string): DemoSession {
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!session || session.expiresAt <= this.clock.now())
      throw new AppError(401, 'Unknown or expired game session');
    return session;
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
    if (this.sessions.size >= DEMO_MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
  }

  /**
   * One signed call to our seamless wallet over HTTP, as an external provider makes it: a fresh timestamp and
   * nonce each time (a retry is a new call), signed with the body.
   */
  private async call<Answer>(action: string, body: Record<string, unknown>): Promise<Answer> {
    const rawBody = JSON.stringify(body);
    const timestamp = String(this.clock.now());
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
    const response = await fetch(`${this.config.walletBaseUrl()}/seamless/${DEMO_PROVIDER_KEY}/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_TIMESTAMP_HEADER]: timestamp,
        [SEAMLESS_NONCE_HEADER]: nonce,
        [SEAMLESS_SIGNATURE_HEADER]: signSeamlessCall(await this.config.secret(), timestamp, nonce, rawBody),
      },
      body: rawBody,
      signal: AbortSignal.timeout(WALLET_CALL_TIMEOUT_MS),
    });
    const answer = (await response.json()) as { code: number; msg?: string };
    if (response.status !== 200 || answer.code !== 200) {
      throw new AppError(
        response.status === 401 ? 502 : response.status,
        answer.msg ?? 'The wallet refused the call',
      );
    }
    return answer as Answer;
  }
}
