import {
  type AviatorBetResult,
  type AviatorCashOutResult,
  AviatorCmd,
  type AviatorCoefficient,
  type AviatorGroupInfo,
  type AviatorLatestResults,
  type AviatorPlayers,
  AviatorStatus,
  aviatorServerMessages,
} from '@app/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LOGIN_HASH } from '../../../shared/api/api.ts';
import { LiveSocketClient, type LiveSocketStatus } from '../../../shared/live-socket/live-socket-client.ts';
import { clearSession, getToken } from '../../../shared/storage/storage.ts';

/** What the plane stage draws from, updated on every tick without a React render (60 fps from a ref). */
export interface FlightSnapshot {
  status: number;
  /** performance.now() when the flight's last tick arrived, and the flight time it carried. */
  tickReceivedAt: number;
  tickFlightMs: number;
  coefficient: string;
  flyEnd: boolean;
  /** performance.now() at take-off (status 30) and at the crash. */
  takeOffAt: number | undefined;
  flewAwayAt: number | undefined;
  /** performance.now() when betting closes. */
  bettingEndsAt: number;
}

export type MyBetState = 'none' | 'placing' | 'placed' | 'cashing' | 'cashed';

export interface AviatorGameState {
  socket: LiveSocketStatus;
  period: number | null;
  status: number;
  serverSeedHash: string;
  flyEnd: boolean;
  tag: string;
  results: string[];
  players: AviatorPlayers['players'];
  /** All of the round's bettors and how many of them cashed out (the list names only some). */
  bettorCount: number;
  cashedCount: number;
  myBet: MyBetState;
  /** False until the first group info; true when it came without a period (maintenance). */
  maintenance: boolean;
}

export interface AviatorGameEvents {
  onBetResult(result: AviatorBetResult): void;
  onCashOutResult(result: AviatorCashOutResult): void;
  /** The round ended (status 600): balance and records reload. */
  onRoundEnded(): void;
}

const INITIAL: AviatorGameState = {
  socket: 'connecting',
  period: null,
  status: 0,
  serverSeedHash: '',
  flyEnd: false,
  tag: '',
  results: [],
  players: [],
  bettorCount: 0,
  cashedCount: 0,
  myBet: 'none',
  maintenance: false,
};

/**
 * The crash game's live state from /ws/aviator: group info, multiplier ticks, results, players and the
 * player's own bet, with bet and cash-out commands. The flight itself goes to a ref for the stage.
 */
export function useAviatorGame(events: AviatorGameEvents) {
  const [state, setState] = useState<AviatorGameState>(INITIAL);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const flight = useRef<FlightSnapshot>({
    status: 0,
    tickReceivedAt: 0,
    tickFlightMs: 0,
    coefficient: '1.00',
    flyEnd: false,
    takeOffAt: undefined,
    flewAwayAt: undefined,
    bettingEndsAt: 0,
  });
  const clientRef = useRef<LiveSocketClient | undefined>(undefined);

  useEffect(() => {
    const onMessage = (cmd: number, payload: unknown) => {
      const now = performance.now();
      const snapshot = flight.current;
      if (cmd === AviatorCmd.groupInfo) {
        const info = payload as AviatorGroupInfo;
        if (info.status === AviatorStatus.takeOff) snapshot.takeOffAt = now;
        if (info.status < AviatorStatus.takeOff && info.status >= 10) {
          snapshot.bettingEndsAt = now + info.countdownMs;
          snapshot.flyEnd = false;
          snapshot.takeOffAt = undefined;
          snapshot.flewAwayAt = undefined;
          snapshot.coefficient = '1.00';
          snapshot.tickFlightMs = 0;
        }
        snapshot.status = info.status;
        setState((current) => {
          const newRound = info.period !== current.period;
          return {
            ...current,
            period: info.period,
            status: info.status,
            serverSeedHash: info.serverSeed,
            maintenance: info.period === null,
            flyEnd: newRound ? false : current.flyEnd,
            myBet: newRound ? 'none' : current.myBet,
          };
        });
        if (info.status === AviatorStatus.ended) eventsRef.current.onRoundEnded();
      } else if (cmd === AviatorCmd.coefficient) {
        const tick = payload as AviatorCoefficient;
        snapshot.tickReceivedAt = now;
        snapshot.tickFlightMs = tick.flightMs;
        snapshot.coefficient = tick.coefficient;
        if (snapshot.takeOffAt === undefined) snapshot.takeOffAt = now - tick.flightMs;
        if (tick.flyEnd === 1 && !snapshot.flyEnd) {
          snapshot.flyEnd = true;
          snapshot.flewAwayAt = now;
        }
        setState((current) =>
          current.tag === tick.tag && current.flyEnd === (tick.flyEnd === 1)
            ? current
            : {
                ...current,
                tag: tick.tag,
                flyEnd: tick.flyEnd === 1,
                myBet: tick.flyEnd === 1 && current.myBet === 'placed' ? 'none' : current.myBet,
              },
        );
      } else if (cmd === AviatorCmd.latestResults) {
        setState((current) => ({ ...current, results: (payload as AviatorLatestResults).results }));
      } else if (cmd === AviatorCmd.players) {
        const { players, bettorCount, cashedCount } = payload as AviatorPlayers;
        setState((current) => ({ ...current, players, bettorCount, cashedCount }));
      } else if (cmd === AviatorCmd.betResult) {
        const result = payload as AviatorBetResult;
        setState((current) => ({ ...current, myBet: result.status === 1 ? 'placed' : 'none' }));
        eventsRef.current.onBetResult(result);
      } else if (cmd === AviatorCmd.cashOutResult) {
        const result = payload as AviatorCashOutResult;
        setState((current) => ({
          ...current,
          myBet: result.cashSuccess ? 'cashed' : current.flyEnd ? 'none' : 'placed',
        }));
        eventsRef.current.onCashOutResult(result);
      }
    };
    const client = new LiveSocketClient({
      game: 'aviator',
      getToken,
      serverMessages: aviatorServerMessages,
      onMessage,
      onStatus: (socket) => setState((current) => ({ ...current, socket })),
      onUnauthorized: () => {
        clearSession();
        window.location.hash = LOGIN_HASH;
      },
    });
    clientRef.current = client;
    client.start();
    return () => {
      client.stop();
      clientRef.current = undefined;
    };
  }, []);

  const bet = useCallback(
    (command: { nickName: string; betPrice: number; seed: string; autoCashOut: number | null }) => {
      const period = state.period;
      if (period === null) return false;
      const sent = clientRef.current?.send(AviatorCmd.bet, { ...command, period }) ?? false;
      if (sent) setState((current) => ({ ...current, myBet: 'placing' }));
      return sent;
    },
    [state.period],
  );

  const cashOut = useCallback(() => {
    const sent = clientRef.current?.send(AviatorCmd.cashOut, { tag: state.tag }) ?? false;
    if (sent) setState((current) => ({ ...current, myBet: 'cashing' }));
    return sent;
  }, [state.tag]);

  return useMemo(() => ({ state, flight, bet, cashOut }), [state, bet, cashOut]);
}
