import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { generateSessionToken, hashSessionToken } from '../accounts/session-token.ts';
import {
  findKnownOperatorDevice,
  insertOperatorLoginDevice,
  revokeOperatorLoginDevices,
  touchOperatorLoginDevice,
} from './operator-login-devices.repository.ts';

/** A device stays known this long after its last login; then the operator logs in as from a new one once. */
export const OPERATOR_DEVICE_IDLE_MS = 90 * 24 * 60 * 60_000;
/** Devices remembered per operator; a new one beyond these forgets the least recently used. */
export const OPERATOR_DEVICES_PER_OPERATOR = 10;
/** The console sends the token as it was issued: 32 random bytes in base64url. */
export const OPERATOR_DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A device of an operator recognised by the token it presented. */
export interface KnownOperatorDevice {
  readonly id: number;
  readonly operatorId: number;
  /** The token as the console presented it (it keeps using the same one). */
  readonly token: string;
}

/**
 * Operators' known devices (DESIGN.md "Auth and security": the owner can always log in from a device it used
 * before). After a successful login the console gets a long random token; the server keeps only its hash,
 * per operator, with when it was last used, and forgets them all when the operator's password or TOTP is
 * reset or the operator is disabled.
 */
export class OperatorLoginDevices {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The device of this token if it is a live, recently used device of the operator with this username. */
  async recognise(token: string | undefined, username: string): Promise<KnownOperatorDevice | undefined> {
    if (token === undefined || !OPERATOR_DEVICE_TOKEN_PATTERN.test(token)) return undefined;
    const device = await findKnownOperatorDevice(this.db, {
      tokenHash: hashSessionToken(token),
      username,
      usedSince: this.clock.now() - OPERATOR_DEVICE_IDLE_MS,
    });
    return device === undefined ? undefined : { id: device.id, operatorId: device.operator_id, token };
  }

  /**
   * Records a successful login of the operator: a known device is marked used and keeps its token; any
   * other gets a new token (beyond OPERATOR_DEVICES_PER_OPERATOR, the least recently used is forgotten).
   * Answers the token the console keeps.
   */
  async remember(
    operatorId: number,
    userAgent: string | null,
    known: KnownOperatorDevice | undefined,
  ): Promise<string> {
    const now = this.clock.now();
    if (known !== undefined && known.operatorId === operatorId) {
      await touchOperatorLoginDevice(this.db, known.id, now);
      return known.token;
    }
    const token = generateSessionToken();
    await insertOperatorLoginDevice(this.db, {
      operator_id: operatorId,
      token_hash: hashSessionToken(token),
      user_agent: userAgent?.slice(0, 300) ?? null,
      now,
    });
    await revokeOperatorLoginDevices(this.db, operatorId, now, OPERATOR_DEVICES_PER_OPERATOR);
    return token;
  }

  /** Forgets every device of an operator (inside the caller's transaction); answers how many were known. */
  forgetAll(operatorId: number, db: Kysely<Database> = this.db): Promise<number> {
    return revokeOperatorLoginDevices(db, operatorId, this.clock.now());
  }
}
