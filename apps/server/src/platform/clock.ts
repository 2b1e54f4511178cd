/** The server's notion of time. Services take a Clock so that tests control time instead of waiting. */
export interface Clock {
  /** UTC epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when a test moves it. */
export class ManualClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  set(epochMs: number): void {
    this.current = epochMs;
  }

  advance(milliseconds: number): void {
    if (milliseconds < 0) throw new Error('ManualClock cannot go backwards');
    this.current += milliseconds;
  }
}
