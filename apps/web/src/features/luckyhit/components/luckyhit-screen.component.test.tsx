import { encodeLiveFrame, LuckyHitCmd, luckyHitPeriodAt } from '@app/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEarlyFlag, setToken } from '../../../shared/storage/storage.ts';
import { stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { LuckyHitScreen } from './luckyhit-screen.component.tsx';

/**
 * The browser's WebSocket for these tests: it records what the screen sends and lets a test deliver the
 * server's frames (the socket protocol itself is tested against the real server in apps/server).
 */
class TestSocket {
  static readonly OPEN = 1;
  static latest: TestSocket | undefined;
  readyState = 0;
  readonly sent: Array<{ cmd: number; payload: Record<string, unknown> }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    TestSocket.latest = this;
    queueMicrotask(() => {
      this.readyState = TestSocket.OPEN;
      this.onopen?.();
    });
  }

  send(text: string): void {
    const envelope = JSON.parse(text) as { cmd: number; data: string };
    this.sent.push({ cmd: envelope.cmd, payload: JSON.parse(envelope.data) as Record<string, unknown> });
  }

  close(): void {
    this.readyState = 3;
  }

  deliver(cmd: number, payload: unknown): void {
    act(() => this.onmessage?.({ data: encodeLiveFrame(cmd, payload) }));
  }
}

/** 2026-11-25 12:00:00 UTC (17:30 in Kolkata), a round start: period 202611252101. */
const ROUND_START = Date.UTC(2026, 10, 25, 12, 0, 0);
const PERIOD = '202611252101';

function greet(socket: TestSocket, secondOfRound: number) {
  socket.deliver(LuckyHitCmd.groupInfo, {
    periodInfo: { period: PERIOD, startTime: ROUND_START, serverTime: ROUND_START + secondOfRound * 1000 },
  });
}

beforeEach(() => {
  setToken('tok');
  setEarlyFlag(true);
  vi.stubGlobal('WebSocket', TestSocket);
  stubFakeServer({
    '/win/next_period_info': () => ({
      code: 200,
      balance: '1000.00',
      next_period: '20261125241',
      notice_content: '',
      count_down_sec: 100,
    }),
    '/luckyhit/user_records': () => ({ code: 200, page: { count: 0 }, queryset: [] }),
  });
});

afterEach(() => {
  Dialog.clear();
  vi.unstubAllGlobals();
});

async function connectedScreen(): Promise<TestSocket> {
  renderWithProviders(<LuckyHitScreen />, { market: 'in' });
  await waitFor(() => expect(TestSocket.latest?.url).toContain('/ws/luckyhit?token=tok'));
  const socket = TestSocket.latest as TestSocket;
  await waitFor(() => expect(socket.readyState).toBe(TestSocket.OPEN));
  return socket;
}

/** The dialogs' animations make these slower than most on a busy machine. */
const SCREEN_TEST_TIMEOUT_MS = 15_000;

describe('LuckyHitScreen', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('numbers the test round as the server does', () => {
    expect(luckyHitPeriodAt(ROUND_START, 'Asia/Kolkata')).toBe(PERIOD);
  });

  it('bets on black inside the window over the socket and shows the completed dialog', async () => {
    const socket = await connectedScreen();
    greet(socket, 5);
    expect(screen.getByTestId('luckyhit-period').textContent).toBe(PERIOD);
    const black = screen.getByTestId('luckyhit-bet-B') as HTMLButtonElement;
    await waitFor(() => expect(black.disabled).toBe(false));
    expect((screen.getByTestId('luckyhit-amount') as HTMLInputElement).value).toBe('50');
    fireEvent.click(black);
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    const bet = socket.sent[0]?.payload ?? {};
    expect(socket.sent[0]?.cmd).toBe(LuckyHitCmd.bet);
    expect(bet).toMatchObject({ period: PERIOD, betResult: 'B', betPrice: 50 });
    expect(bet.oddNo).toMatch(/^[A-Za-z0-9]{20}$/);
    socket.deliver(LuckyHitCmd.betResult, { status: 200, msg: 'ok', period: PERIOD, betPrice: '50.00' });
    expect(await screen.findByText('Your contract is successful completed')).toBeTruthy();
    expect(screen.getByTestId('luckyhit-clock').textContent).toContain('your bet 50');
  });

  it('keeps the bet buttons off outside seconds 4 to 19, and raises a stake below the minimum without sending', async () => {
    const socket = await connectedScreen();
    greet(socket, 2);
    expect((screen.getByTestId('luckyhit-bet-R') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('luckyhit-tip').textContent).toBe('Now Waiting');
    greet(socket, 8);
    const red = screen.getByTestId('luckyhit-bet-R') as HTMLButtonElement;
    await waitFor(() => expect(red.disabled).toBe(false));
    fireEvent.change(screen.getByTestId('luckyhit-amount'), { target: { value: '5' } });
    fireEvent.click(red);
    await waitFor(() => expect((screen.getByTestId('luckyhit-amount') as HTMLInputElement).value).toBe('10'));
    expect(socket.sent).toHaveLength(0);
  });

  it('flips the six cards when the deal arrives and names the winner with the Lucky Hit multiplier', async () => {
    const socket = await connectedScreen();
    greet(socket, 21);
    expect(screen.getByTestId('luckyhit-card-B-0').getAttribute('data-flipped')).toBe('false');
    socket.deliver(LuckyHitCmd.openResult, {
      period: PERIOD,
      openResult: {
        cards1: [
          { t: 4, n: 1 },
          { t: 3, n: 1 },
          { t: 1, n: 5 },
        ],
        cards2: [
          { t: 2, n: 9 },
          { t: 2, n: 7 },
          { t: 3, n: 2 },
        ],
        blackWin: true,
        luckyHitOdds: 2,
      },
    });
    for (const side of ['B', 'R']) {
      for (const index of [0, 1, 2]) {
        expect(screen.getByTestId(`luckyhit-card-${side}-${index}`).getAttribute('data-flipped')).toBe(
          'true',
        );
      }
    }
    expect(screen.getByTestId('luckyhit-card-B-0').textContent).toBe('A♠');
    expect(screen.getByTestId('luckyhit-tip').textContent).toBe('Black wins · Lucky Hit 2x');
    socket.deliver(LuckyHitCmd.latestResults, {
      results: Array.from({ length: 10 }, (_, index) => ({
        period: `20261125${String(2100 - index).padStart(4, '0')}`,
        result: index % 2 === 0 ? 'B' : 'R',
        luckyHitOdds: index === 0 ? 2 : 0,
      })),
    });
    expect(screen.getAllByTestId('luckyhit-history-item')).toHaveLength(8);
    fireEvent.click(screen.getByText('More'));
    expect(screen.getAllByTestId('luckyhit-history-item')).toHaveLength(10);
  });
});
