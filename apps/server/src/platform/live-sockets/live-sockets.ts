/**
 * The live-socket platform (DESIGN.md §3 "Live game sockets"), shared by every live game (Aviator, Lucky Hit).
 *
 * How a game plugs in:
 * 1. In packages/shared, write one zod schema per cmd for each direction (a LiveCmdRegistry keyed by cmd
 *    number), e.g. `aviatorClientCommands = { 5015: betSchema, 5017: cashOutSchema }`.
 * 2. On start-up: `const channel = platform.registerGame({ game: 'aviator', clientCommands, authorize })`.
 *    This serves `/ws/aviator?token=…`: it authenticates the token through the session service (4401 when
 *    missing, revoked or expired), asks `authorize(user)` with the resolved user and its access flags (e.g.
 *    `user.access.early`; 4403), enforces the
 *    frame limits (4 KB → 4400, 20 frames/s → 4429, not the envelope → 4400, unknown cmd or data that fails
 *    its schema → a LIVE_ERROR_CMD answer), pings every 20 s, closes silent sockets after 60 s (4408) and
 *    drops a client whose send buffer fills up (4409).
 *    Access ends everywhere within a second: the session service announces every change that may end it
 *    (logout, password reset, an operator ending a session, a suspension, early access taken away) on the
 *    bus, and every instance re-checks that user's or session's sockets at once: the session resolved again
 *    (4401 once it ended) and the game's `authorize` asked again (its code, 4403 for early access).
 *    Bounded per user: at most LIVE_SOCKETS_PER_USER_PER_GAME sockets of a game per user over every instance
 *    (a further one closes the oldest, 4410), and at most LIVE_USER_MAX_COMMANDS_PER_SECOND commands a
 *    second from all of a user's sockets of a game on one instance (each further one is answered with a
 *    LIVE_ERROR_CMD frame of code 429 and goes no further).
 * 3. Every instance attaches its engine: `await channel.attachEngine({ isLeader, onConnect, onDisconnect,
 *    onCommand })`. Commands (a socket's valid frames) and connects/disconnects go over the event bus to every
 *    instance, and only the engine whose `isLeader()` answers true (the holder of the game's advisory lock,
 *    as the colour engine) acts on them, so there is one decider. `onDisconnect`'s lastOfUser says whether
 *    the user has no socket left on any live instance (presence is tracked on every instance from the bus,
 *    so a new leader already knows it; an instance that stops sending heartbeats has its sockets forgotten).
 * 4. The leader emits events with `channel.send(target, cmd, payload)`: to everyone (`LIVE_TO_ALL`), to a
 *    user (`{to: 'user', userId}`) or to one socket (`{to: 'connection', connection}`). The answer to a
 *    command goes to the socket that sent it; only state of the whole user goes to the user. Events travel
 *    over the bus to every instance, which writes them to its own matching sockets. Sending never waits for a
 *    socket: a frame is written to each socket's buffer (encoded once), and a socket whose buffer is over the
 *    bound is closed instead of slowing the sender. An engine that finds a user's access gone while taking a
 *    command closes the asking socket after its answer (`channel.closeConnection`) and has the user's other
 *    sockets re-checked (`channel.recheckUser`).
 *
 * The bus is in-process for one instance and Redis pub/sub when REDIS_URL is set (./event-bus.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  decodeLiveFrame,
  encodeLiveFrame,
  LIVE_ERROR_CMD,
  LIVE_SOCKET_IDLE_TIMEOUT_MS,
  LIVE_SOCKET_MAX_FRAME_BYTES,
  LIVE_SOCKET_MAX_FRAMES_PER_SECOND,
  LIVE_SOCKET_PING_INTERVAL_MS,
  LIVE_SOCKETS_PER_USER_PER_GAME,
  LIVE_TOO_MANY_COMMANDS_CODE,
  LIVE_USER_MAX_COMMANDS_PER_SECOND,
  LiveCloseCode,
  type LiveCmdRegistry,
} from '@app/shared';
import websocketPlugin from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, unauthorized } from '../../http/app-error.ts';
import { type AuthenticatedUser, type SessionResolver, TOKEN_PATTERN } from '../../http/auth-guard.ts';
import type { LiveEventBus } from './event-bus.ts';

export type { LiveEventBus } from './event-bus.ts';
export { createEventBus, InProcessEventBus, RedisEventBus } from './event-bus.ts';

/** A client's frames beyond this many bytes are refused before they are even read (a hard guard; the
 * protocol's own limit, LIVE_SOCKET_MAX_FRAME_BYTES, closes with 4400 below it). */
export const LIVE_SOCKET_HARD_MAX_PAYLOAD_BYTES = 64 * 1024;
/** A socket with more than this many bytes waiting to be sent is a slow reader and is closed (4409). */
export const LIVE_SOCKET_MAX_BUFFERED_BYTES = 256 * 1024;
/** Frames a socket may send while its token is still being checked; more close it (4429). */
export const LIVE_SOCKET_MAX_FRAMES_BEFORE_AUTH = LIVE_SOCKET_MAX_FRAMES_PER_SECOND;
/** How often the platform looks for sockets due a ping or silent too long. */
export const LIVE_SOCKET_SWEEP_INTERVAL_MS = 5_000;
/** Every instance announces itself this often on the bus, so the others keep its sockets' presence. */
export const LIVE_INSTANCE_HEARTBEAT_MS = 5_000;
/** An instance not heard from for this long is gone: its sockets no longer count as its users' presence. */
export const LIVE_INSTANCE_TIMEOUT_MS = 15_000;
/** The longest accepted game name (it is a path segment and part of bus channel names). */
const GAME_NAME_PATTERN = /^[a-z][a-z0-9]{0,19}$/;
/** A listener of the HTTP server's upgrade event. */
type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
/** A game's socket is served at this prefix and the game's name. */
const LIVE_SOCKET_PATH_PREFIX = '/ws/';
/** The answer to an upgrade of any other path: there is no socket there. */
const NO_SUCH_SOCKET_ANSWER = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** The answer to a plain HTTP request on a socket endpoint that carries a live token. */
export const LIVE_UPGRADE_REQUIRED = 426;
/** The close reason of a socket whose session ended while it was open. */
export const LIVE_SESSION_ENDED_REASON = 'session ended';
/** The close reason of the oldest socket of a user who opened one too many. */
export const LIVE_REPLACED_REASON = 'replaced by a newer connection';
/** The close reason of a socket whose session or access could not be checked (the database failed). */
const LIVE_CHECK_FAILED_REASON = 'could not check the session';
/** The one-second window of the per-user command budget. */
const COMMAND_BUDGET_WINDOW_MS = 1_000;

/** The token of a socket request's query (empty when absent). */
function tokenOf(query: unknown): string {
  const token = (query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : '';
}

/** One socket of one user, as the engine sees it (it may be on another instance). */
export interface LiveConnection {
  readonly instanceId: string;
  readonly connectionId: number;
  readonly userId: number;
  readonly sessionId: number;
}

/** Who receives an event. */
export type LiveTarget =
  | { readonly to: 'all' }
  | { readonly to: 'user'; readonly userId: number }
  | { readonly to: 'connection'; readonly connection: Pick<LiveConnection, 'instanceId' | 'connectionId'> };

/** Every socket of the game, on every instance. */
export const LIVE_TO_ALL: LiveTarget = { to: 'all' };

/**
 * The close code of a socket whose command was refused because the user's access is gone: 4401 for an answer
 * of 401 (the session ended, the account suspended), 4403 for 403 (no access to the game); undefined for any
 * other answer (the socket stays).
 */
export function accessRefusalCloseCode(status: number): number | undefined {
  if (status === 401) return LiveCloseCode.unauthorized;
  if (status === 403) return LiveCloseCode.forbidden;
  return undefined;
}

/** What a game's engine does with what its sockets send. Runs on the leader only. */
export interface LiveEngineHandlers {
  /** Whether this instance's engine decides now (it holds the game's leader lock). */
  isLeader(): boolean;
  /** A socket was authenticated and authorised (send it the game's current state). */
  onConnect?(connection: LiveConnection): void;
  /** A socket closed; lastOfUser: the user has no other socket on any live instance. */
  onDisconnect?(connection: LiveConnection, lastOfUser: boolean): void;
  /** A frame whose cmd and payload passed the game's schema. */
  onCommand(connection: LiveConnection, cmd: number, payload: unknown): void;
}

/** Whether a user may open the game's socket; a refusal names the close code and reason. */
export type LiveAuthorization = true | { readonly code: number; readonly reason: string };

export interface LiveGameDefinition {
  /** The path segment: the socket is served at /ws/<game>. Lowercase letters and digits. */
  readonly game: string;
  /** One zod schema per cmd a client may send. */
  readonly clientCommands: LiveCmdRegistry;
  /**
   * Checked once per socket after the token, with the user the session resolved (its access flags are read
   * with the session, so e.g. the early-access check needs no query of its own).
   */
  readonly authorize?: (user: AuthenticatedUser) => Promise<LiveAuthorization>;
}

/** Limits that tests shorten; production uses the shared protocol's constants. */
export interface LiveSocketTimings {
  readonly pingIntervalMs: number;
  readonly idleTimeoutMs: number;
  readonly sweepIntervalMs: number;
  readonly heartbeatMs: number;
  readonly instanceTimeoutMs: number;
}

export const DEFAULT_LIVE_SOCKET_TIMINGS: LiveSocketTimings = {
  pingIntervalMs: LIVE_SOCKET_PING_INTERVAL_MS,
  idleTimeoutMs: LIVE_SOCKET_IDLE_TIMEOUT_MS,
  sweepIntervalMs: LIVE_SOCKET_SWEEP_INTERVAL_MS,
  heartbeatMs: LIVE_INSTANCE_HEARTBEAT_MS,
  instanceTimeoutMs: LIVE_INSTANCE_TIMEOUT_MS,
};

/** Whose sockets to re-check: every socket of a user, or every socket of one session. */
export type LiveAccessNotice = { readonly userId: number } | { readonly sessionId: number };

/** Where the platform hears of access changes (the session service). */
export interface LiveAccessChangeSource {
  addAccessChangeListener(listener: (notice: LiveAccessNotice) => void): void;
}

/** How the platform checks tokens when a socket opens, and sessions again when access changes. */
export interface LiveSessionSource extends SessionResolver {
  /**
   * The users of the sessions that are still live, by session id; an ended session (revoked, idle, of a
   * suspended account or of another user) is absent. Waits for the transactions writing those users' rows.
   */
  recheckSessions(
    sessions: ReadonlyArray<{ readonly sessionId: number; readonly userId: number }>,
  ): Promise<ReadonlyMap<number, AuthenticatedUser>>;
}

export interface LiveSocketPlatformOptions {
  bus: LiveEventBus;
  sessions: LiveSessionSource;
  logger: FastifyBaseLogger;
  /** The announcements of access changes; without it only recheckAccess calls re-check sockets. */
  accessChanges?: LiveAccessChangeSource;
  timings?: Partial<LiveSocketTimings>;
}

/** Bus channel names (the bus adds its namespace). */
const commandChannel = (game: string) => `${game}:cmd`;
const eventChannel = (game: string) => `${game}:evt`;
/** Access notices (LiveAccessNotice as JSON): every instance re-checks the matching sockets. */
const SESSIONS_CHANNEL = 'sessions';
const INSTANCES_CHANNEL = 'instances';

/** A socket on this instance. */
interface LocalSocket {
  readonly connectionId: number;
  readonly socket: WebSocket;
  readonly game: LiveGameChannel;
  userId: number;
  sessionId: number;
  state: 'authenticating' | 'open' | 'closed';
  lastActivityAt: number;
  lastPingAt: number;
  windowStartAt: number;
  framesInWindow: number;
  pendingFrames: string[];
  /** The access notice log's sequence when the socket began authenticating. */
  readonly noticeSequenceAtStart: number;
}

/** A user's sockets of one game on this instance, and their shared command budget. */
interface LocalUser {
  readonly sockets: Set<LocalSocket>;
  budgetWindowStartAt: number;
  commandsInWindow: number;
}

/** A message on a game's command channel. */
type CommandMessage =
  | { k: 'cmd'; c: LiveConnection; cmd: number; d: unknown }
  | { k: 'connect'; c: LiveConnection }
  | { k: 'disconnect'; c: LiveConnection };

const connectionKey = (connection: Pick<LiveConnection, 'instanceId' | 'connectionId'>) =>
  `${connection.instanceId}:${connection.connectionId}`;

/**
 * Where every instance keeps track of every socket of a game (from the connect and disconnect messages on the
 * bus), so that the leader, whichever instance it is, knows whether a closing socket was a user's last, and
 * every instance agrees which socket of a user is the oldest: the bus hands every instance the same messages
 * in the same order, so they all evict the same socket when a user opens one too many.
 */
export class LivePresence {
  /** Each instance's sockets: connection key → user id. */
  private readonly instances = new Map<string, { lastSeenAt: number; connections: Map<string, number> }>();
  /** Each user's sockets in the order they connected (a Map keeps insertion order). */
  private readonly socketsByUser = new Map<number, Map<string, LiveConnection>>();

  constructor(private readonly maxSocketsPerUser: number) {
    if (!Number.isSafeInteger(maxSocketsPerUser) || maxSocketsPerUser < 1)
      throw new Error(`a user needs room for one socket, got ${maxSocketsPerUser}`);
  }

  /**
   * Adds a socket; answers the user's oldest sockets that are now beyond the limit, already forgotten here
   * (their instance closes them; their disconnects then change nothing).
   */
  add(connection: LiveConnection, now: number): LiveConnection[] {
    const instance = this.instanceOf(connection.instanceId, now);
    const key = connectionKey(connection);
    if (instance.connections.has(key)) return [];
    instance.connections.set(key, connection.userId);
    let own = this.socketsByUser.get(connection.userId);
    if (!own) {
      own = new Map();
      this.socketsByUser.set(connection.userId, own);
    }
    own.set(key, connection);
    const evicted: LiveConnection[] = [];
    for (const [oldestKey, oldest] of own) {
      if (own.size <= this.maxSocketsPerUser) break;
      own.delete(oldestKey);
      this.instances.get(oldest.instanceId)?.connections.delete(oldestKey);
      evicted.push(oldest);
    }
    return evicted;
  }

  /** Removes a socket; answers whether its user has no socket left. */
  remove(connection: LiveConnection, now: number): boolean {
    const instance = this.instanceOf(connection.instanceId, now);
    const key = connectionKey(connection);
    if (instance.connections.delete(key)) this.forgetOfUser(connection.userId, key);
    return !this.socketsByUser.has(connection.userId);
  }

  /** How many sockets of the user this instance knows of, on every instance. */
  socketCountOf(userId: number): number {
    return this.socketsByUser.get(userId)?.size ?? 0;
  }

  heard(instanceId: string, now: number): void {
    this.instanceOf(instanceId, now).lastSeenAt = now;
  }

  /** Forgets instances not heard from since `before`; answers the users left without any socket. */
  expire(before: number): number[] {
    const orphaned: number[] = [];
    for (const [instanceId, instance] of this.instances) {
      if (instance.lastSeenAt >= before) continue;
      this.instances.delete(instanceId);
      for (const [key, userId] of instance.connections) {
        if (this.forgetOfUser(userId, key)) orphaned.push(userId);
      }
    }
    return orphaned;
  }

  private instanceOf(instanceId: string, now: number) {
    let instance = this.instances.get(instanceId);
    if (!instance) {
      instance = { lastSeenAt: now, connections: new Map() };
      this.instances.set(instanceId, instance);
    }
    return instance;
  }

  /** Answers whether the user has no socket left. */
  private forgetOfUser(userId: number, key: string): boolean {
    const own = this.socketsByUser.get(userId);
    if (!own) return false;
    own.delete(key);
    if (own.size > 0) return false;
    this.socketsByUser.delete(userId);
    return true;
  }
}

/** One game's side of the platform: its sockets on this instance, its bus channels and its engine. */
export class LiveGameChannel {
  private engine: LiveEngineHandlers | undefined;
  readonly presence = new LivePresence(LIVE_SOCKETS_PER_USER_PER_GAME);
  /** This instance's sockets of the game, by connection id and by user. */
  private readonly sockets = new Map<number, LocalSocket>();
  private readonly socketsByUser = new Map<number, LocalUser>();

  constructor(
    readonly definition: LiveGameDefinition,
    private readonly platform: LiveSocketPlatform,
  ) {}

  /** Attaches this instance's engine: it receives the commands when it is the leader. */
  attachEngine(engine: LiveEngineHandlers): void {
    if (this.engine) throw new Error(`live game ${this.definition.game} already has an engine`);
    this.engine = engine;
  }

  /** Sends one event to its target on every instance. Never waits for a socket. */
  send(target: LiveTarget, cmd: number, payload: unknown): void {
    this.sendFrame(target, encodeLiveFrame(cmd, payload));
  }

  /** Sends an already encoded frame (encode once, send to many). */
  sendFrame(target: LiveTarget, frame: string): void {
    const header =
      target.to === 'all'
        ? 'a'
        : target.to === 'user'
          ? `u${target.userId}`
          : `c${connectionKey(target.connection)}`;
    this.platform.bus.publish(eventChannel(this.definition.game), `${header}\n${frame}`);
  }

  /**
   * Closes one socket, on whichever instance it is, with an application close code (4000-4999) and a reason.
   * It travels on the event channel, so it arrives after the events sent to the socket before it.
   */
  closeConnection(
    connection: Pick<LiveConnection, 'instanceId' | 'connectionId'>,
    code: number,
    reason: string,
  ): void {
    if (!Number.isInteger(code) || code < 4000 || code > 4999)
      throw new Error(`close code ${code} is not an application close code`);
    this.platform.bus.publish(
      eventChannel(this.definition.game),
      `k${connectionKey(connection)}\n${JSON.stringify({ code, reason })}`,
    );
  }

  /** Has every instance re-check the user's sockets (of every game) now: see LiveSocketPlatform.recheckAccess. */
  recheckUser(userId: number): void {
    this.platform.recheckAccess({ userId });
  }

  /** How many sockets of the game this instance holds (for health and benchmarks). */
  get localSocketCount(): number {
    return this.sockets.size;
  }

  /** @internal Registers an authenticated socket of this instance. */
  addLocal(local: LocalSocket): void {
    this.sockets.set(local.connectionId, local);
    let own = this.socketsByUser.get(local.userId);
    if (!own) {
      own = { sockets: new Set(), budgetWindowStartAt: 0, commandsInWindow: 0 };
      this.socketsByUser.set(local.userId, own);
    }
    own.sockets.add(local);
  }

  /** @internal Forgets a socket of this instance. */
  removeLocal(local: LocalSocket): void {
    this.sockets.delete(local.connectionId);
    const own = this.socketsByUser.get(local.userId);
    own?.sockets.delete(local);
    if (own?.sockets.size === 0) this.socketsByUser.delete(local.userId);
  }

  /** @internal */
  localSockets(): IterableIterator<LocalSocket> {
    return this.sockets.values();
  }

  /**
   * @internal Takes one command of the user's budget on this instance (LIVE_USER_MAX_COMMANDS_PER_SECOND
   * over all of the user's sockets of the game); answers false once the second's budget is spent.
   */
  takeCommand(local: LocalSocket, now: number): boolean {
    const own = this.socketsByUser.get(local.userId);
    if (!own) return false;
    if (now - own.budgetWindowStartAt >= COMMAND_BUDGET_WINDOW_MS) {
      own.budgetWindowStartAt = now;
      own.commandsInWindow = 0;
    }
    if (own.commandsInWindow >= LIVE_USER_MAX_COMMANDS_PER_SECOND) return false;
    own.commandsInWindow += 1;
    return true;
  }

  /** @internal Writes an event from the bus to this instance's matching sockets. */
  deliver(message: string): void {
    const newline = message.indexOf('\n');
    if (newline < 1) return;
    const header = message.slice(0, newline);
    if (header.startsWith('k')) {
      this.deliverClose(header.slice(1), message.slice(newline + 1));
      return;
    }
    // One buffer for every socket: ws would otherwise convert the text once per socket.
    const frame = Buffer.from(message.slice(newline + 1), 'utf8');
    if (header === 'a') {
      for (const local of this.sockets.values()) this.platform.write(local, frame);
    } else if (header.startsWith('u')) {
      const own = this.socketsByUser.get(Number(header.slice(1)));
      if (own) for (const local of own.sockets) this.platform.write(local, frame);
    } else if (header.startsWith('c')) {
      const [instanceId, connectionId] = header.slice(1).split(':');
      if (instanceId !== this.platform.instanceId) return;
      const local = this.sockets.get(Number(connectionId));
      if (local) this.platform.write(local, frame);
    }
  }

  /** A closeConnection from the bus: closes the socket if it is this instance's. */
  private deliverClose(key: string, body: string): void {
    const [instanceId, connectionId] = key.split(':');
    if (instanceId !== this.platform.instanceId) return;
    const local = this.sockets.get(Number(connectionId));
    if (!local) return;
    let close: { code?: unknown; reason?: unknown };
    try {
      close = JSON.parse(body) as { code?: unknown; reason?: unknown };
    } catch {
      return;
    }
    const code = typeof close.code === 'number' ? close.code : LiveCloseCode.unauthorized;
    this.platform.closeLocal(local, code, typeof close.reason === 'string' ? close.reason : '');
  }

  /** @internal A message of the command channel: presence on every instance, the engine's part on the leader. */
  receiveCommand(text: string, now: number): void {
    let message: CommandMessage;
    try {
      message = JSON.parse(text) as CommandMessage;
    } catch {
      return;
    }
    const engine = this.engine?.isLeader() ? this.engine : undefined;
    try {
      if (message.k === 'connect') {
        const evicted = this.presence.add(message.c, now);
        engine?.onConnect?.(message.c);
        // Every instance evicts the same sockets; the one that holds each closes it.
        for (const connection of evicted) {
          if (connection.instanceId !== this.platform.instanceId) continue;
          const local = this.sockets.get(connection.connectionId);
          if (local) this.platform.closeLocal(local, LiveCloseCode.replaced, LIVE_REPLACED_REASON);
        }
      } else if (message.k === 'disconnect') {
        const last = this.presence.remove(message.c, now);
        engine?.onDisconnect?.(message.c, last);
      } else if (message.k === 'cmd') {
        engine?.onCommand(message.c, message.cmd, message.d);
      }
    } catch (error) {
      this.platform.logger.error({ err: error, game: this.definition.game }, 'live engine handler failed');
    }
  }

  /** @internal Instances that went silent: their users without other sockets are disconnected for good. */
  expireInstances(before: number): void {
    const engine = this.engine?.isLeader() ? this.engine : undefined;
    for (const userId of this.presence.expire(before)) {
      try {
        engine?.onDisconnect?.({ instanceId: 'expired', connectionId: 0, userId, sessionId: 0 }, true);
      } catch (error) {
        this.platform.logger.error({ err: error }, 'live engine disconnect handler failed');
      }
    }
  }
}

/** The keys of the log under which a notice, or a socket's user and session, are filed. */
const noticeKeys = (notice: LiveAccessNotice): string[] =>
  'userId' in notice ? [`u${notice.userId}`] : [`s${notice.sessionId}`];
const socketKeys = (local: LocalSocket): string[] => [`u${local.userId}`, `s${local.sessionId}`];

/** An access notice from the bus, or undefined when it is not one. */
function parseAccessNotice(message: string): LiveAccessNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { userId, sessionId } = value as { userId?: unknown; sessionId?: unknown };
  if (Number.isSafeInteger(userId) && (userId as number) > 0) return { userId: userId as number };
  if (Number.isSafeInteger(sessionId) && (sessionId as number) > 0) return { sessionId: sessionId as number };
  return undefined;
}

/**
 * The users and sessions whose access changed lately, for the sockets that were authenticating meanwhile: such
 * a socket may have read its session before the change committed and was not open yet to be re-checked, so
 * it is re-checked once open. A notice is filed when it arrives and again when its re-check ends (by then
 * the change has committed); a socket that began authenticating before that end, or while a re-check is
 * running, is re-checked.
 */
class AccessNoticeLog {
  private sequence = 0;
  private readonly entries = new Map<string, { sequence: number; running: number }>();

  /** The sequence now: a socket notes it when it begins authenticating. */
  get current(): number {
    return this.sequence;
  }

  begin(keys: readonly string[]): void {
    this.sequence += 1;
    for (const key of keys) {
      const entry = this.entries.get(key) ?? { sequence: 0, running: 0 };
      entry.sequence = this.sequence;
      entry.running += 1;
      this.entries.set(key, entry);
    }
  }

  end(keys: readonly string[]): void {
    this.sequence += 1;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      entry.sequence = this.sequence;
      entry.running -= 1;
    }
  }

  /** Whether a notice for one of the keys is running or ended after `since`. */
  changedSince(keys: readonly string[], since: number): boolean {
    return keys.some((key) => {
      const entry = this.entries.get(key);
      return entry !== undefined && (entry.running > 0 || entry.sequence > since);
    });
  }

  /** Forgets what no socket authenticating since `oldestSince` (or later) can be affected by. */
  prune(oldestSince: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.running === 0 && entry.sequence <= oldestSince) this.entries.delete(key);
    }
  }
}

/**
 * The socket endpoints of the live games, their limits and their wiring to the event bus. One per process;
 * `install` before registering games.
 */
export class LiveSocketPlatform {
  /** This process's name on the bus. */
  readonly instanceId = randomBytes(6).toString('hex');
  readonly bus: LiveEventBus;
  readonly logger: FastifyBaseLogger;
  private readonly sessions: LiveSessionSource;
  private readonly timings: LiveSocketTimings;
  private readonly notices = new AccessNoticeLog();
  private readonly games = new Map<string, LiveGameChannel>();
  private readonly sockets = new Set<LocalSocket>();
  private readonly unsubscribes: Array<() => Promise<void>> = [];
  private nextConnectionId = 1;
  private sweepTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The Fastify scope of the websocket plugin and the games' socket routes (set by install). */
  private socketScope: FastifyInstance | undefined;

  constructor(options: LiveSocketPlatformOptions) {
    this.bus = options.bus;
    this.sessions = options.sessions;
    this.logger = options.logger;
    this.timings = { ...DEFAULT_LIVE_SOCKET_TIMINGS, ...options.timings };
    options.accessChanges?.addAccessChangeListener((notice) => this.recheckAccess(notice));
  }

  /** Registers the websocket plugin, the session and instance channels and the housekeeping timers. */
  async install(app: FastifyInstance): Promise<void> {
    // @fastify/websocket hooks every request it can see (an onRequest and an onResponse hook, every route's
    // handler wrapped). In a scope of its own with only the games' socket routes, the rest of the app's
    // requests skip that work; its upgrade listener, on the shared server, is then given only the upgrades of
    // those routes (see refuseOtherUpgrades).
    const upgradeListenersBefore = new Set(app.server.listeners('upgrade'));
    await app.register(async (scope) => {
      await scope.register(websocketPlugin, {
        options: { maxPayload: LIVE_SOCKET_HARD_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
      });
      this.socketScope = scope;
    });
    // Node's listeners() types them as Function; these are the plugin's upgrade listeners.
    const pluginListeners = app.server
      .listeners('upgrade')
      .filter((listener) => !upgradeListenersBefore.has(listener)) as UpgradeListener[];
    this.refuseOtherUpgrades(app.server, pluginListeners);
    this.unsubscribes.push(
      await this.bus.subscribe(SESSIONS_CHANNEL, (message) => this.receiveAccessNotice(message)),
      await this.bus.subscribe(INSTANCES_CHANNEL, (instanceId) => {
        for (const game of this.games.values()) game.presence.heard(instanceId, Date.now());
      }),
    );
    this.sweepTimer = setInterval(() => this.sweep(), this.timings.sweepIntervalMs);
    this.sweepTimer.unref();
    this.heartbeatTimer = setInterval(
      () => this.bus.publish(INSTANCES_CHANNEL, this.instanceId),
      this.timings.heartbeatMs,
    );
    this.heartbeatTimer.unref();
    app.addHook('onClose', async () => this.close());
  }

  /**
   * Puts the websocket plugin's upgrade listeners behind a check of the path: an upgrade to a registered
   * game's socket goes on to them; any other upgrade is answered 404 and its socket closed (outside the
   * plugin's scope nothing would close it: an upgraded socket has no HTTP timeouts).
   */
  private refuseOtherUpgrades(server: FastifyInstance['server'], pluginListeners: UpgradeListener[]): void {
    if (pluginListeners.length === 0)
      throw new Error('invariant: the websocket plugin added no upgrade listener');
    for (const listener of pluginListeners) server.removeListener('upgrade', listener);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = (request.url ?? '').split('?', 1)[0] ?? '';
      if (
        pathname.startsWith(LIVE_SOCKET_PATH_PREFIX) &&
        this.games.has(pathname.slice(LIVE_SOCKET_PATH_PREFIX.length))
      ) {
        for (const listener of pluginListeners) listener.call(server, request, socket, head);
        return;
      }
      socket.on('error', () => socket.destroy());
      socket.end(NO_SUCH_SOCKET_ANSWER);
    });
  }

  /** Serves /ws/<game> and subscribes to the game's channels; answers the game's channel. */
  async registerGame(definition: LiveGameDefinition): Promise<LiveGameChannel> {
    const scope = this.socketScope;
    if (!scope) throw new Error('invariant: install the live socket platform before its games');
    if (!GAME_NAME_PATTERN.test(definition.game)) throw new Error(`bad live game name ${definition.game}`);
    if (this.games.has(definition.game)) throw new Error(`live game ${definition.game} registered twice`);
    const channel = new LiveGameChannel(definition, this);
    this.games.set(definition.game, channel);
    this.unsubscribes.push(
      await this.bus.subscribe(eventChannel(definition.game), (message) => channel.deliver(message)),
      await this.bus.subscribe(commandChannel(definition.game), (message) =>
        channel.receiveCommand(message, Date.now()),
      ),
    );
    // The token is in the query: the route logs at warn only, so no access line carries it.
    scope.route({
      method: 'GET',
      url: `${LIVE_SOCKET_PATH_PREFIX}${definition.game}`,
      logLevel: 'warn',
      // A plain HTTP request (no upgrade) is told what it lacks: a live token (401), then the upgrade (426).
      handler: async (request) => {
        const token = tokenOf(request.query);
        const user = TOKEN_PATTERN.test(token) ? await this.sessions.resolve(token) : null;
        if (!user) throw unauthorized();
        throw new AppError(LIVE_UPGRADE_REQUIRED, 'connect with a WebSocket');
      },
      wsHandler: (socket, request) => this.accept(channel, socket, tokenOf(request.query)),
    });
    return channel;
  }

  /**
   * Has every instance re-check the sockets of a user or of a session, of every game, now: the session is
   * resolved again (closed with 4401 once it ended) and the game's `authorize` asked again (closed with its
   * code when it refuses). Announce it once the change is committed, or from inside the transaction once it
   * holds the user's row: the re-check waits for that transaction.
   */
  recheckAccess(notice: LiveAccessNotice): void {
    this.bus.publish(SESSIONS_CHANNEL, JSON.stringify(notice));
  }

  /** How many sockets this instance holds. */
  get socketCount(): number {
    return this.sockets.size;
  }

  /** Closes every socket (1001) and stops; the bus is closed too. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
    clearInterval(this.heartbeatTimer);
    for (const local of [...this.sockets])
      this.closeSocket(local, LiveCloseCode.goingAway, 'server stopping');
    await Promise.allSettled(this.unsubscribes.map((unsubscribe) => unsubscribe()));
    await this.bus.close();
  }

  /** @internal Closes a socket of this instance with a code and a reason. */
  closeLocal(local: LocalSocket, code: number, reason: string): void {
    this.closeSocket(local, code, reason);
  }

  /** @internal Writes a frame unless the socket is a slow reader, which is closed instead. */
  write(local: LocalSocket, frame: Buffer): void {
    if (local.state !== 'open') return;
    if (local.socket.bufferedAmount > LIVE_SOCKET_MAX_BUFFERED_BYTES) {
      this.closeSocket(local, LiveCloseCode.slowReader, 'too slow to read');
      return;
    }
    local.socket.send(frame, { binary: false });
  }

  private accept(channel: LiveGameChannel, socket: WebSocket, token: string): void {
    const now = Date.now();
    const local: LocalSocket = {
      connectionId: this.nextConnectionId++,
      socket,
      game: channel,
      userId: 0,
      sessionId: 0,
      state: 'authenticating',
      lastActivityAt: now,
      lastPingAt: now,
      windowStartAt: now,
      framesInWindow: 0,
      pendingFrames: [],
      noticeSequenceAtStart: this.notices.current,
    };
    this.sockets.add(local);
    socket.on('message', (data, isBinary) => this.receive(local, data, isBinary));
    socket.on('pong', () => {
      local.lastActivityAt = Date.now();
    });
    socket.on('close', () => this.forget(local));
    socket.on('error', () => this.forget(local));
    void this.authenticate(local, token);
  }

  private async authenticate(local: LocalSocket, token: string): Promise<void> {
    const { definition } = local.game;
    try {
      const user = TOKEN_PATTERN.test(token) ? await this.sessions.resolve(token) : null;
      if (!user) {
        this.closeSocket(local, LiveCloseCode.unauthorized, 'please log in again');
        return;
      }
      const authorization = definition.authorize ? await definition.authorize(user) : true;
      if (authorization !== true) {
        this.closeSocket(local, authorization.code, authorization.reason);
        return;
      }
      if (local.state !== 'authenticating') return;
      local.userId = user.userId;
      local.sessionId = user.sessionId;
      local.state = 'open';
      local.game.addLocal(local);
      this.publishCommand(local, { k: 'connect', c: this.connectionOf(local) });
      // The session may have been read before an access change committed whose re-check found no open socket.
      if (this.notices.changedSince(socketKeys(local), local.noticeSequenceAtStart)) {
        void this.recheck([local]);
      }
      const pending = local.pendingFrames.splice(0);
      for (const frame of pending) this.handleFrame(local, frame);
    } catch (error) {
      this.logger.error({ err: error, game: definition.game }, 'live socket authentication failed');
      this.closeSocket(local, LiveCloseCode.unauthorized, LIVE_CHECK_FAILED_REASON);
    }
  }

  private receive(local: LocalSocket, data: unknown, isBinary: boolean): void {
    if (local.state === 'closed') return;
    const now = Date.now();
    local.lastActivityAt = now;
    if (now - local.windowStartAt >= 1000) {
      local.windowStartAt = now;
      local.framesInWindow = 0;
    }
    local.framesInWindow += 1;
    if (local.framesInWindow > LIVE_SOCKET_MAX_FRAMES_PER_SECOND) {
      this.closeSocket(local, LiveCloseCode.tooManyFrames, 'too many frames');
      return;
    }
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data as Buffer[])
        : Buffer.from(data as ArrayBuffer);
    if (isBinary || bytes.length > LIVE_SOCKET_MAX_FRAME_BYTES) {
      this.closeSocket(
        local,
        LiveCloseCode.badFrame,
        isBinary ? 'binary frames are not accepted' : 'frame too large',
      );
      return;
    }
    const text = bytes.toString('utf8');
    if (local.state === 'authenticating') {
      if (local.pendingFrames.length >= LIVE_SOCKET_MAX_FRAMES_BEFORE_AUTH) {
        this.closeSocket(local, LiveCloseCode.tooManyFrames, 'too many frames');
        return;
      }
      local.pendingFrames.push(text);
      return;
    }
    this.handleFrame(local, text);
  }

  private handleFrame(local: LocalSocket, text: string): void {
    if (local.state !== 'open') return;
    const decoded = decodeLiveFrame(text, local.game.definition.clientCommands);
    if (decoded.ok) {
      if (!local.game.takeCommand(local, Date.now())) {
        this.write(
          local,
          Buffer.from(
            encodeLiveFrame(LIVE_ERROR_CMD, {
              code: LIVE_TOO_MANY_COMMANDS_CODE,
              msg: 'too many commands',
              cmd: decoded.cmd,
            }),
          ),
        );
        return;
      }
      this.publishCommand(local, {
        k: 'cmd',
        c: this.connectionOf(local),
        cmd: decoded.cmd,
        d: decoded.payload,
      });
      return;
    }
    if (decoded.reason === 'envelope') {
      this.closeSocket(local, LiveCloseCode.badFrame, decoded.msg);
      return;
    }
    this.write(
      local,
      Buffer.from(encodeLiveFrame(LIVE_ERROR_CMD, { code: 400, msg: decoded.msg, cmd: decoded.cmd })),
    );
  }

  private publishCommand(local: LocalSocket, message: CommandMessage): void {
    this.bus.publish(commandChannel(local.game.definition.game), JSON.stringify(message));
  }

  private connectionOf(local: LocalSocket): LiveConnection {
    return {
      instanceId: this.instanceId,
      connectionId: local.connectionId,
      userId: local.userId,
      sessionId: local.sessionId,
    };
  }

  private closeSocket(local: LocalSocket, code: number, reason: string): void {
    const wasOpen = local.state !== 'closed';
    this.forget(local);
    if (!wasOpen) return;
    try {
      local.socket.close(code, reason.slice(0, 120));
    } catch {
      local.socket.terminate();
    }
  }

  /** Removes a socket from every registry once (closed by either side); announces it if it was announced. */
  private forget(local: LocalSocket): void {
    if (local.state === 'closed') return;
    const wasOpen = local.state === 'open';
    local.state = 'closed';
    local.pendingFrames.length = 0;
    this.sockets.delete(local);
    if (wasOpen) {
      local.game.removeLocal(local);
      this.publishCommand(local, { k: 'disconnect', c: this.connectionOf(local) });
    }
  }

  /** An access notice from the bus: this instance's matching sockets are re-checked. */
  private receiveAccessNotice(message: string): void {
    const notice = parseAccessNotice(message);
    if (!notice) return;
    const keys = noticeKeys(notice);
    this.notices.begin(keys);
    const matching = [...this.sockets].filter(
      (local) =>
        local.state === 'open' &&
        ('userId' in notice ? local.userId === notice.userId : local.sessionId === notice.sessionId),
    );
    void this.recheck(matching).finally(() => this.notices.end(keys));
  }

  /**
   * Resolves the sockets' sessions again (one query for all of them, after the transactions writing their
   * users' rows have ended) and asks each game's `authorize` again: a socket whose session ended closes with
   * 4401, one its game refuses with the refusal's code. A failed check closes too (4401): access that cannot
   * be confirmed is not kept. Never rejects.
   */
  private async recheck(locals: readonly LocalSocket[]): Promise<void> {
    const open = locals.filter((local) => local.state === 'open');
    if (open.length === 0) return;
    let users: ReadonlyMap<number, AuthenticatedUser>;
    try {
      users = await this.sessions.recheckSessions(
        open.map((local) => ({ sessionId: local.sessionId, userId: local.userId })),
      );
    } catch (error) {
      this.logger.error({ err: error }, 'live socket access re-check failed');
      for (const local of open) this.closeSocket(local, LiveCloseCode.unauthorized, LIVE_CHECK_FAILED_REASON);
      return;
    }
    await Promise.all(
      open.map(async (local) => {
        const user = users.get(local.sessionId);
        if (!user || user.userId !== local.userId) {
          this.closeSocket(local, LiveCloseCode.unauthorized, LIVE_SESSION_ENDED_REASON);
          return;
        }
        const { authorize, game } = local.game.definition;
        let authorization: LiveAuthorization = true;
        try {
          if (authorize) authorization = await authorize(user);
        } catch (error) {
          this.logger.error({ err: error, game }, 'live socket authorization re-check failed');
          authorization = { code: LiveCloseCode.unauthorized, reason: LIVE_CHECK_FAILED_REASON };
        }
        if (authorization !== true) this.closeSocket(local, authorization.code, authorization.reason);
      }),
    );
  }

  /** Pings the sockets that are due, closes the silent ones and forgets instances that went quiet. */
  private sweep(): void {
    const now = Date.now();
    for (const local of [...this.sockets]) {
      if (now - local.lastActivityAt >= this.timings.idleTimeoutMs) {
        this.closeSocket(local, LiveCloseCode.idle, 'idle');
      } else if (now - local.lastPingAt >= this.timings.pingIntervalMs) {
        local.lastPingAt = now;
        try {
          local.socket.ping();
        } catch {
          this.forget(local);
        }
      }
    }
    for (const game of this.games.values()) {
      game.presence.heard(this.instanceId, now);
      game.expireInstances(now - this.timings.instanceTimeoutMs);
    }
    let oldestAuthenticating = this.notices.current;
    for (const local of this.sockets) {
      if (local.state === 'authenticating')
        oldestAuthenticating = Math.min(oldestAuthenticating, local.noticeSequenceAtStart);
    }
    this.notices.prune(oldestAuthenticating);
  }
}
