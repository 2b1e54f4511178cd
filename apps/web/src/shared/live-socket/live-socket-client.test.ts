import { LiveCloseCode } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LIVE_RECONNECT_MAX_MS, LiveSocketClient, reconnectDelayMs } from './live-socket-client.ts';

/** A socket the test drives: it records what was sent and lets the test open, deliver and close. */
class ScriptedSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(data: unknown) {
    this.onmessage?.({ data });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('live socket client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 1)).toBe(8000);
    expect(reconnectDelayMs(20, () => 1)).toBe(LIVE_RECONNECT_MAX_MS);
  });

  it('passes checked frames, reports offline, reconnects after a drop and stops after 4401', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const sockets: ScriptedSocket[] = [];
    const messages: unknown[] = [];
    const statuses: string[] = [];
    let unauthorized = 0;
    const client = new LiveSocketClient({
      game: 'aviator',
      getToken: () => 'tok',
      serverMessages: { 7: z.object({ n: z.number() }) },
      onMessage: (cmd, payload) => messages.push({ cmd, payload }),
      onStatus: (status) => statuses.push(status),
      onUnauthorized: () => {
        unauthorized += 1;
      },
      origin: 'ws://test',
      random: () => 1,
      createSocket: (url) => {
        const socket = new ScriptedSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    client.start();
    expect(sockets[0]?.url).toBe('ws://test/ws/aviator?token=tok');
    sockets[0]?.open();
    expect(client.send(9, { a: 1 })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"cmd":9,"data":"{\\"a\\":1}"}']);
    sockets[0]?.deliver('{"cmd":7,"data":"{\\"n\\":3}"}');
    sockets[0]?.deliver('{"cmd":7,"data":"{\\"n\\":\\"x\\"}"}');
    sockets[0]?.deliver('{"cmd":8,"data":"{}"}');
    sockets[0]?.deliver('garbage');
    expect(messages).toEqual([{ cmd: 7, payload: { n: 3 } }]);
    sockets[0]?.drop(1006);
    expect(statuses.at(-1)).toBe('offline');
    expect(client.send(9, {})).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(statuses.at(-1)).toBe('open');
    sockets[1]?.drop(LiveCloseCode.unauthorized);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(unauthorized).toBe(1);
    client.stop();
    vi.unstubAllGlobals();
  });
});
