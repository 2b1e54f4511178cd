import {
  decodeLiveFrame,
  encodeLiveFrame,
  LIVE_ERROR_CMD,
  LiveCloseCode,
  type LuckyHitBetResultData,
  LuckyHitCmd,
  type LuckyHitOpenResultData,
  type LuckyHitResultEntry,
  liveErrorPayload,
  luckyHitServerData,
} from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGIN_HASH } from '../../../shared/api/api.ts';
import { clearSession } from '../../../shared/storage/storage.ts';

/** Reconnect delays: doubled from the first to the last after each failed try. */
export const LUCKY_HIT_RECONNECT_FIRST_MS = 1_000;
export const LUCKY_HIT_RECONNECT_MAX_MS = 10_000;
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
 * The Lucky Hit socket (/ws/luckyhit?token=…, spec 02 §7): it keeps the live state from the server's
 * commands, reconnects after a drop (a socket error is ignored, a close only logged, per spec 02 §8), and
 * sends bets (3015), each answered by 3016 in order. A 4401 close ends the session and goes to login; a
 * 4403 (no early access) stops reconnecting.
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
  const socketRef = useRef<WebSocket | null>(null);
  const pending = useRef<PendingBet[]>([]);

  useEffect(() => {
    // Each generation (a reconnect) opens a fresh socket with the same token.
    if (!token || generation < 0) return;
    // Nothing of an earlier socket is trusted: the new one's greeting sets the round and the clock again.
    setState(INITIAL);
    let stopped = false;
    let delay = LUCKY_HIT_RECONNECT_FIRST_MS;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const answerOldest = (answer: LuckyHitBetResultData) => {
      const next = pending.current.shift();
      if (!next) return;
      clearTimeout(next.timer);
      next.resolve(answer);
    };
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(
        `${scheme}://${window.location.host}/ws/luckyhit?token=${encodeURIComponent(token)}`,
      );
      socketRef.current = socket;
      socket.onopen = () => {
        delay = LUCKY_HIT_RECONNECT_FIRST_MS;
        setState((current) => ({ ...current, connected: true }));
      };
      socket.onmessage = (event) => {
        const frame = decodeLiveFrame(String(event.data), serverRegistry);
        if (!frame.ok) return;
        const payload = frame.payload;
        switch (frame.cmd) {
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
            if (error.cmd === LuckyHitCmd.bet)
              answerOldest({ status: error.code, msg: error.msg, period: '', betPrice: '' });
            break;
          }
        }
      };
      socket.onerror = () => undefined;
      socket.onclose = (event) => {
        console.info('luckyhit socket closed', event.code, event.reason);
        for (const bet of pending.current.splice(0)) {
          clearTimeout(bet.timer);
          bet.resolve({ status: 503, msg: event.reason || 'connection lost', period: '', betPrice: '' });
        }
        // A socket replaced by a newer one (reconnect, unmount) must not touch the newer one's state.
        if (stopped) return;
        setState((current) => ({ ...current, connected: false }));
        if (event.code === LiveCloseCode.unauthorized) {
          clearSession();
          window.location.hash = LOGIN_HASH;
          return;
        }
        if (event.code === LiveCloseCode.forbidden) return;
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, LUCKY_HIT_RECONNECT_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [token, generation]);

  const placeBet = useCallback(
    (bet: { period: string; betResult: string; oddNo: string; betPrice: number }) =>
      new Promise<LuckyHitBetResultData>((resolve) => {
        const socket = socketRef.current;
        if (!socket || socket.readyState !== WebSocket.OPEN) {
          resolve({ status: 503, msg: 'not connected', period: bet.period, betPrice: '' });
          return;
        }
        const entry: PendingBet = {
          resolve,
          timer: setTimeout(() => {
            pending.current = pending.current.filter((item) => item !== entry);
            resolve({ status: 504, msg: 'no answer', period: bet.period, betPrice: '' });
          }, LUCKY_HIT_BET_TIMEOUT_MS),
        };
        pending.current.push(entry);
        socket.send(encodeLiveFrame(LuckyHitCmd.bet, bet));
      }),
    [],
  );

  const reconnect = useCallback(() => setGeneration((current) => current + 1), []);
  return { state, placeBet, reconnect };
}
