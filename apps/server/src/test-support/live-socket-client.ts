import { type LiveEnvelope, liveEnvelope } from '@app/shared';
import WebSocket from 'ws';

/** How long a test waits for a frame or a close before failing. */
export const LIVE_TEST_WAIT_MS = 5_000;

/**
 * A test's socket client: it records every frame (decoded envelope, payload parsed) and the close code, and
 * waits for either.
 */
export class LiveTestClient {
  readonly frames: Array<{ cmd: number; payload: unknown }> = [];
  closeCode: number | undefined;
  closeReason = '';
  private readonly waiters: Array<() => void> = [];
  readonly opened: Promise<void>;

  constructor(
    url: string,
    readonly socket = new WebSocket(url),
  ) {
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const envelope: LiveEnvelope = liveEnvelope.parse(JSON.parse(String(data)));
      this.frames.push({ cmd: envelope.cmd, payload: JSON.parse(envelope.data) });
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Sends raw text. */
  sendRaw(text: string | Buffer): void {
    this.socket.send(text);
  }

  /** Sends a command in the envelope. */
  send(cmd: number, payload: unknown): void {
    this.socket.send(JSON.stringify({ cmd, data: JSON.stringify(payload) }));
  }

  /** Waits until the condition holds (checked on each frame and close), or fails after the timeout. */
  async waitFor<T>(check: () => T | undefined, what: string, timeoutMs = LIVE_TEST_WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined && value !== false) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first recorded frame of a cmd matching the predicate, waiting for it. */
  nextFrame<T = unknown>(cmd: number, predicate: (payload: T) => boolean = () => true, from = 0): Promise<T> {
    return this.waitFor(() => {
      const found = this.frames
        .slice(from)
        .find((frame) => frame.cmd === cmd && predicate(frame.payload as T));
      return found?.payload as T | undefined;
    }, `a frame of cmd ${cmd}`);
  }

  /** Waits for the close and answers its code. */
  closed(timeoutMs = LIVE_TEST_WAIT_MS): Promise<number> {
    return this.waitFor(() => this.closeCode, 'the socket to close', timeoutMs);
  }

  close(): void {
    this.socket.close();
  }
}
