import { z } from 'zod';

/**
 * The live game sockets' wire protocol (DESIGN.md §3 "Live game sockets"), shared by the server and the
 * app. Every frame is the spec's envelope `{"cmd": <number>, "data": "<JSON text>"}`; each game supplies
 * a registry of one zod schema per cmd for each direction, so both sides parse the same types.
 */

/** The largest frame a client may send (the text of the whole envelope, in UTF-8 bytes). */
export const LIVE_SOCKET_MAX_FRAME_BYTES = 4096;
/** The most frames a client may send within one second; more closes the socket with 4429. */
export const LIVE_SOCKET_MAX_FRAMES_PER_SECOND = 20;
/** The server pings every socket this often. */
export const LIVE_SOCKET_PING_INTERVAL_MS = 20_000;
/** A socket from which nothing (no frame, no pong) arrived for this long is closed with 4408. */
export const LIVE_SOCKET_IDLE_TIMEOUT_MS = 60_000;
/**
 * The most sockets one user may hold on one game, counted over every server instance: a further one closes
 * the user's oldest with 4410, so a client that leaks sockets cannot multiply what the server sends it.
 */
export const LIVE_SOCKETS_PER_USER_PER_GAME = 5;
/**
 * The most commands (frames that passed their cmd's schema) one user's sockets of one game may send to one
 * server instance within a second, all of them together; each further command is answered with a
 * LIVE_ERROR_CMD frame of code LIVE_TOO_MANY_COMMANDS_CODE and goes no further.
 */
export const LIVE_USER_MAX_COMMANDS_PER_SECOND = 20;
/** The code of the LIVE_ERROR_CMD answer to a command beyond LIVE_USER_MAX_COMMANDS_PER_SECOND. */
export const LIVE_TOO_MANY_COMMANDS_CODE = 429;

/** Close codes of the live sockets (the 4000-4999 range is the application's). */
export const LiveCloseCode = {
  /** A frame that is not the envelope, or over the size limit. */
  badFrame: 4400,
  /**
   * Missing, unknown, revoked or expired token; also sent when the session ends later (logout, password reset,
   * an operator ending it, a suspension).
   */
  unauthorized: 4401,
  /** The user may not play this game (no early access), also when an operator takes the access away later. */
  forbidden: 4403,
  /** Nothing arrived for LIVE_SOCKET_IDLE_TIMEOUT_MS. */
  idle: 4408,
  /** The client did not read its frames fast enough (the server's send buffer for it filled up). */
  slowReader: 4409,
  /** The user opened more than LIVE_SOCKETS_PER_USER_PER_GAME sockets of the game: this, the oldest, went. */
  replaced: 4410,
  /** More than LIVE_SOCKET_MAX_FRAMES_PER_SECOND frames in a second. */
  tooManyFrames: 4429,
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
} as const;

/**
 * The platform's own answer to a frame it could not pass on (an unknown cmd, data that does not match its
 * cmd's schema): `{code, msg, cmd}` naming the refused cmd. Games never use this number.
 */
export const LIVE_ERROR_CMD = 9400;

/** The envelope of every frame, both directions. */
export const liveEnvelope = z.object({
  cmd: z.number().int().min(0).max(65_535),
  data: z.string(),
});
export type LiveEnvelope = z.infer<typeof liveEnvelope>;

/** The platform's error answer. */
export const liveErrorPayload = z.object({
  code: z.number().int(),
  msg: z.string(),
  cmd: z.number().int().nullable(),
});
export type LiveErrorPayload = z.infer<typeof liveErrorPayload>;

/** One schema per cmd number of one direction of one game. */
export type LiveCmdRegistry = Readonly<Record<number, z.ZodType>>;

/** The payload type of a cmd of a registry. */
export type LivePayload<Registry extends LiveCmdRegistry, Cmd extends keyof Registry> = z.output<
  Registry[Cmd]
>;

/** Writes a frame: the payload as JSON text inside the envelope. */
export function encodeLiveFrame(cmd: number, payload: unknown): string {
  return JSON.stringify({ cmd, data: JSON.stringify(payload) });
}

export type DecodedLiveFrame =
  | { readonly ok: true; readonly cmd: number; readonly payload: unknown }
  | {
      /** 'envelope': not the envelope at all; 'unknown_cmd' and 'invalid_data' name the cmd. */
      readonly ok: false;
      readonly reason: 'envelope' | 'unknown_cmd' | 'invalid_data';
      readonly cmd: number | null;
      readonly msg: string;
    };

/** Reads a frame against a registry: the envelope, a known cmd, and data that is JSON of its schema. */
export function decodeLiveFrame(text: string, registry: LiveCmdRegistry): DecodedLiveFrame {
  let outer: unknown;
  try {
    outer = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'envelope', cmd: null, msg: 'frame is not JSON' };
  }
  const envelope = liveEnvelope.safeParse(outer);
  if (!envelope.success) {
    return { ok: false, reason: 'envelope', cmd: null, msg: 'frame must be {cmd: number, data: string}' };
  }
  const { cmd, data } = envelope.data;
  const schema = Object.hasOwn(registry, cmd) ? registry[cmd] : undefined;
  if (!schema) return { ok: false, reason: 'unknown_cmd', cmd, msg: `unknown cmd ${cmd}` };
  let inner: unknown;
  try {
    inner = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'invalid_data', cmd, msg: 'data must be JSON text' };
  }
  const parsed = schema.safeParse(inner);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return {
      ok: false,
      reason: 'invalid_data',
      cmd,
      msg: field ? `${field}: ${issue?.message ?? 'invalid'}` : (issue?.message ?? 'invalid data'),
    };
  }
  return { ok: true, cmd, payload: parsed.data };
}
