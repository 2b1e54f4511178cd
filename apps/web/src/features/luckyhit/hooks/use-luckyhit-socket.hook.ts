import {
  LIVE_ERROR_CMD,
  type LuckyHitBetResultData,
  LuckyHitCmd,
  type LuckyHitOpenResultData,
  type LuckyHitResultEntry,
  liveErrorPayload,
  luckyHitServerData,
} from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGIN_HASH } from '../../../shared/api/api.ts';
import { LiveSocketClient, type LiveSocketStatus } from '../../../shared/live-socket/live-socket-client.ts';
import { clearSession } from '../../../shared/storage/storage.ts';

/** A bet not answered within this long is reported as failed (the socket may have dropped it). */
export const LUCKY_HIT_BET_TIMEOUT_MS = 10_000;

const serverRegistry = {
  ...luckyHitServerData,
  [LIVE_ERROR_CMD]: liveErrorPayload,
};

/** What the live channel has told this screen. */
export interface LuckyHitLiveState {
  readonly connected: boolean;
  readonly period: string | null;
  /** Server time minus this browser's time when the group info came, to run the round clock on the server's. */
  readonly serverOffsetMs: number;
  readonly results: readonly LuckyHitResultEntry[];
  readonly openResult: LuckyHitOpenResultData | null;
  readonly totals: { period: string; a: string; b: string; t: string } | null;
}

const INITIAL: LuckyHitLiveState = {
  connected: false,
  period: null,
  serverOffsetMs: 0,
  results: [],
  openResult: null,
  totals: null,
};

interface PendingBet {
  resolve: (answer: LuckyHitBetResultData) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The Lucky Hit socket (/ws/luckyhit?token=…, spec 02 §7) on the shared live-socket client (reconnect with
 * backoff): it keeps the live state from the server's commands and sends bets (3015), each answered by 3016
 * in order. A 4401 close ends the session and goes to login; a 4403 (no early access) stops reconnecting.
 */
export function useLuckyHitSocket(token: string | null): {
  state: LuckyHitLiveState;
  placeBet: (bet: {
    period: string;
    betResult: string;
    oddNo: string;
    betPrice: number;
  }) => Promise<LuckyHitBetResultData>;
  /** Opens a fresh socket: the server greets it with the round under way, so the screen is in step again. */
  reconnect: () => void;
} {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<LuckyHitLiveState>(INITIAL);
  const clientRef = useRef<LiveSocketClient | undefined>(undefined);
  const pending = useRef<PendingBet[]>([]);

  useEffect(() => {
    // Each generation (a reconnect) opens a fresh socket: nothing of the earlier one is trusted, the new
    // one's greeting sets the round and the clock again.
    if (!token || generation < 0) return;
    setState(INITIAL);
    const answerOldest = (answer: LuckyHitBetResultData) => {
      const next = pending.current.shift();
      if (!next) return;
      clearTimeout(next.timer);
      next.resolve(answer);
    };
    const failPending = (msg: string) => {
      for (const bet of pending.current.splice(0)) {
        clearTimeout(bet.timer);
        bet.resolve({ status: 503, msg, period: '', betPrice: '' });
      }
    };
    const client = new LiveSocketClient({
      game: 'luckyhit',
      getToken: () => token,
      serverMessages: serverRegistry,
      onStatus: (status: LiveSocketStatus) => {
        if (status !== 'open') failPending('connection lost');
        setState((current) => ({ ...current, connected: status === 'open' }));
      },
      onUnauthorized: () => {
        clearSession();
        window.location.hash = LOGIN_HASH;
      },
      onMessage: (cmd, payload) => {
        switch (cmd) {
          case LuckyHitCmd.groupInfo: {
            const info = payload as { periodInfo: { period: string; serverTime: number } };
            setState((current) => ({
              ...current,
              period: info.periodInfo.period,
              serverOffsetMs: info.periodInfo.serverTime - Date.now(),
              openResult: current.openResult?.period === info.periodInfo.period ? current.openResult : null,
              totals: current.totals?.period === info.periodInfo.period ? current.totals : null,
            }));
            break;
          }
          case LuckyHitCmd.openResult:
            setState((current) => ({ ...current, openResult: payload as LuckyHitOpenResultData }));
            break;
          case LuckyHitCmd.latestResults:
            setState((current) => ({
              ...current,
              results: (payload as { results: LuckyHitResultEntry[] }).results,
            }));
            break;
          case LuckyHitCmd.betTotal: {
            const totals = payload as { period: string; betTotal: { a: string; b: string; t: string } };
            setState((current) => ({ ...current, totals: { period: totals.period, ...totals.betTotal } }));
            break;
          }
          case LuckyHitCmd.betResult:
            answerOldest(payload as LuckyHitBetResultData);
            break;
          case LIVE_ERROR_CMD: {
            const error = payload as { code: number; msg: string; cmd: number | null };
            if (error.cmd === LuckyHitCmd.bet) {
              answerOldest({ status: error.code, msg: error.msg, period: '', betPrice: '' });
            }
            break;
          }
        }
      },
    });
    clientRef.current = client;
    client.start();
    return () => {
      client.stop();
      clientRef.current = undefined;
      failPending('connection closed');
    };
  }, [token, generation]);

  const placeBet = useCallback(
    (bet: { period: string; betResult: string; oddNo: string; betPrice: number }) =>
      new Promise<LuckyHitBetResultData>((resolve) => {
        const entry: PendingBet = {
          resolve,
          timer: setTimeout(() => {
            pending.current = pending.current.filter((item) => item !== entry);
            resolve({ status: 504, msg: 'no answer', period: bet.period, betPrice: '' });
          }, LUCKY_HIT_BET_TIMEOUT_MS),
        };
        pending.current.push(entry);
        if (!clientRef.current?.send(LuckyHitCmd.bet, bet)) {
          pending.current = pending.current.filter((item) => item !== entry);
          clearTimeout(entry.timer);
          resolve({ status: 503, msg: 'not connected', period: bet.period, betPrice: '' });
        }
      }),
    [],
  );

  const reconnect = useCallback(() => setGeneration((current) => current + 1), []);
  return { state, placeBet, reconnect };
}
