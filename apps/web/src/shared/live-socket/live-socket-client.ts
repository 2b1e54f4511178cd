import { encodeLiveFrame, LiveCloseCode, type LiveCmdRegistry, liveEnvelope } from '@app/shared';

/**
 * Where a live socket stands: connecting (first time or again), open, offline waiting to retry, or replaced
 * (the server closed it because the player opened the game in more places than it allows; not retried, so
 * tabs do not keep taking each other's place).
 */
export type LiveSocketStatus = 'connecting' | 'open' | 'offline' | 'replaced';

/** The first retry comes after this long; each next one waits twice as long, up to the maximum. */
export const LIVE_RECONNECT_BASE_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;

/** Close codes after which retrying cannot help: the session is gone, or the game is not open to the user. */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([LiveCloseCode.unauthorized, LiveCloseCode.forbidden]);

export interface LiveSocketClientOptions {
  /** The game's path segment: the socket is /ws/<game>?token=. */
  game: string;
  /** The token of the signed-in player (read at each connection, so a new login is picked up). */
  getToken: () => string | null;
  /** The server's messages of the game: a frame whose cmd is not here, or whose data fails it, is dropped. */
  serverMessages: LiveCmdRegistry;
  /** A frame that passed its schema. */
  onMessage: (cmd: number, payload: unknown) => void;
  onStatus?: (status: LiveSocketStatus) => void;
  /** The server closed with 4401: the session is over. */
  onUnauthorized?: () => void;
  /** The server closed with 4403 (no access to the game). */
  onForbidden?: () => void;
  /** The page's origin as ws:// or wss:// (tests pass their own). */
  origin?: string;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

/** The wait before retry number `attempt` (0-based): exponential with full jitter, capped. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function pageSocketOrigin(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/**
 * A live game socket (DESIGN.md §3 "Live game sockets") that reconnects by itself with backoff and says when
 * it is offline. Frames are the shared envelope; the server's messages are checked against the game's
 * schemas before anyone sees them. Reusable by every live game.
 */
export class LiveSocketClient {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private status: LiveSocketStatus = 'connecting';

  constructor(private readonly options: LiveSocketClientOptions) {}

  /** Opens the socket (and keeps it open until stop). */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the socket for good. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.socket?.close(1000, 'leaving');
    this.socket = undefined;
  }

  /** Sends a command; answers false when the socket is not open (the caller shows it). */
  send(cmd: number, payload: unknown): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(encodeLiveFrame(cmd, payload));
    return true;
  }

  get currentStatus(): LiveSocketStatus {
    return this.status;
  }

  private setStatus(status: LiveSocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private connect(): void {
    const token = this.options.getToken();
    if (!token) {
      this.setStatus('offline');
      this.options.onUnauthorized?.();
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'offline');
    const url = `${this.options.origin ?? pageSocketOrigin()}/ws/${this.options.game}?token=${encodeURIComponent(token)}`;
    const socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped) return;
      if (event.code === LiveCloseCode.replaced) {
        this.setStatus('replaced');
        return;
      }
      this.setStatus('offline');
      if (event.code === LiveCloseCode.unauthorized) {
        this.options.onUnauthorized?.();
        return;
      }
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.options.onForbidden?.();
        return;
      }
      this.retryTimer = setTimeout(
        () => this.connect(),
        reconnectDelayMs(this.attempt++, this.options.random),
      );
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let envelope: { cmd: number; data: string };
    try {
      envelope = liveEnvelope.parse(JSON.parse(data));
    } catch {
      return;
    }
    const schema = this.options.serverMessages[envelope.cmd];
    if (!schema) return;
    let payload: unknown;
    try {
      payload = JSON.parse(envelope.data);
    } catch {
      return;
    }
    const parsed = schema.safeParse(payload);
    if (parsed.success) this.options.onMessage(envelope.cmd, parsed.data);
  }
}
