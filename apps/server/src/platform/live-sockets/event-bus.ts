import type { Redis } from 'ioredis';

/**
 * How the live games' instances talk (DESIGN.md §3 "Live game sockets"): commands travel from the instance
 * a socket is on to the engine leader, events from the leader to every instance. One interface, two
 * implementations: in-process for a single instance (the default), Redis pub/sub when REDIS_URL is set.
 * Messages are text; delivery is at most once and in publish order per channel, as Redis pub/sub is.
 */
export interface LiveEventBus {
  /** Sends a message to every subscriber of the channel, on every instance. Never waits, never throws. */
  publish(channel: string, message: string): void;
  /** Calls the handler with each message published on the channel from now on; answers an unsubscribe. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /** Stops delivering and lets go of connections. */
  close(): Promise<void>;
}

/** Reports a bus failure (the bus never throws at a publisher: the tick loop must not stop for it). */
export type BusErrorReporter = (error: unknown, context: string) => void;

/** One instance: messages are handed to the subscribers in a later microtask, in publish order. */
export class InProcessEventBus implements LiveEventBus {
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private closed = false;

  constructor(private readonly reportError: BusErrorReporter = () => {}) {}

  publish(channel: string, message: string): void {
    if (this.closed) return;
    const handlers = this.handlers.get(channel);
    if (!handlers || handlers.size === 0) return;
    // Later, not now: a publisher (the engine's tick) must not run its subscribers' work inside its own.
    queueMicrotask(() => {
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (error) {
          this.reportError(error, `in-process bus handler of ${channel}`);
        }
      }
    });
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
    }
    const own = (message: string) => handler(message);
    handlers.add(own);
    return async () => {
      handlers.delete(own);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}

/** How long a Redis connection waits before it gives up connecting (then ioredis retries in the background). */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do nothing
 * else). Every channel is prefixed with the namespace, so several deployments (or parallel test files) can
 * share one Redis database without hearing each other.
 */
export class RedisEventBus implements LiveEventBus {
  /**
   * The publishing and the subscribing connection. ioredis is loaded here, when a Redis bus is made, not when
   * the server's code is loaded: a single instance without REDIS_URL never evaluates it (it cost every start
   * tens of milliseconds). Commands wait on this promise in the order they were given, and ioredis queues
   * what is sent while it connects, as it did when the connections were made synchronously.
   */
  private readonly connections: Promise<{ publisher: Redis; subscriber: Redis }>;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  constructor(
    url: string,
    private readonly namespace: string,
    private readonly reportError: BusErrorReporter = () => {},
  ) {
    this.connections = import('ioredis').then(({ Redis }) => {
      const options = { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 };
      const publisher = new Redis(url, options);
      const subscriber = new Redis(url, options);
      publisher.on('error', (error) => this.reportError(error, 'redis publisher'));
      subscriber.on('error', (error) => this.reportError(error, 'redis subscriber'));
      subscriber.on('message', (fullChannel: string, message: string) => {
        const handlers = this.handlers.get(fullChannel);
        if (!handlers) return;
        for (const handler of handlers) {
          try {
            handler(message);
          } catch (error) {
            this.reportError(error, `redis bus handler of ${fullChannel}`);
          }
        }
      });
      return { publisher, subscriber };
    });
    // A failure to load the client is reported once here; each command also fails with it.
    this.connections.catch((error: unknown) => this.reportError(error, 'redis client'));
  }

  private fullName(channel: string): string {
    return `${this.namespace}:${channel}`;
  }

  publish(channel: string, message: string): void {
    this.connections
      .then(({ publisher }) => publisher.publish(this.fullName(channel), message))
      .catch((error: unknown) => this.reportError(error, `redis publish on ${channel}`));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    const { subscriber } = await this.connections;
    const fullChannel = this.fullName(channel);
    let handlers = this.handlers.get(fullChannel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(fullChannel, handlers);
      await subscriber.subscribe(fullChannel);
    }
    const own = (message: string) => handler(message);
    handlers.add(own);
    return async () => {
      handlers.delete(own);
      if (handlers.size === 0 && this.handlers.get(fullChannel) === handlers) {
        this.handlers.delete(fullChannel);
        await subscriber.unsubscribe(fullChannel).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    // A client that failed to load has no connection to let go of (the failure was reported).
    const connections = await this.connections.catch(() => undefined);
    if (!connections) return;
    await Promise.allSettled([connections.subscriber.quit(), connections.publisher.quit()]);
  }
}

/** The bus of a process: Redis when a URL is given, otherwise in-process. */
export function createEventBus(
  redisUrl: string | undefined,
  namespace: string,
  reportError?: BusErrorReporter,
): LiveEventBus {
  return redisUrl ? new RedisEventBus(redisUrl, namespace, reportError) : new InProcessEventBus(reportError);
}
