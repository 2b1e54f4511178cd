import { createHash } from 'node:crypto';
import {
  type ColourCategory,
  type ColourHistoryResponse,
  periodNumberAt,
  periodStartFromNumber,
  periodStartMs,
  secondsRemaining,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { CachedReply, JSON_CONTENT_TYPE } from '../../../http/cached-reply.ts';
import type { Clock } from '../../../platform/clock.ts';
import { type PublicReadCache, PublicReadTag } from '../../../platform/public-read-cache.ts';
import { type SettledPeriodResult, settledPeriodsBetween } from './colour.repository.ts';
import { toGuessPeriodDto } from './colour-game.service.ts';

/**
 * The history's Cache-Control: its count_down_sec is exact for the second it was made in, so a client or a
 * proxy may keep it for one second; the ETag lets a poller that asks again in that second get a 304.
 */
export const COLOUR_HISTORY_CACHE_CONTROL = 'public, max-age=1';

/** A room's settled periods of one day, serialized once per change. */
interface PeriodsFragment {
  /** The JSON array of the periods, as the history's `periods` field. */
  readonly json: string;
  /** A short digest of `json`, part of the ETag. */
  readonly digest: string;
}

/** The last reply made for a room, answered again for every request of the same second. */
interface RoomReply {
  readonly second: number;
  readonly cacheKey: string;
  readonly periods: PeriodsFragment;
  readonly reply: CachedReply;
}

export interface ColourHistoryDependencies {
  db: Kysely<Database>;
  clock: Clock;
  timeZone: string;
  cache: PublicReadCache;
}

function serializePeriods(rows: readonly SettledPeriodResult[], previous?: PeriodsFragment): PeriodsFragment {
  const json = JSON.stringify(
    rows.map((row) => ({ ...toGuessPeriodDto(row), today_times: row.period.slice(8) })),
  );
  if (previous?.json === json) return previous;
  return { json, digest: createHash('sha1').update(json).digest('base64url').slice(0, 16) };
}

/**
 * GET /win/next_period_info_noauth, the history every player's room page and every public bot polls: the
 * room's settled periods of today are read and serialized once per change (a settlement on this instance
 * invalidates them at once; another instance's within the cache's TTL) and the reply of each second
 * (next_period and count_down_sec change with the clock) is made once and answered to every request of that
 * second.
 */
export class ColourHistoryService {
  private readonly latest = new Map<ColourCategory, RoomReply>();

  constructor(private readonly dependencies: ColourHistoryDependencies) {}

  /** The reply for the room at this second: ready when the periods are cached, else once they are read. */
  reply(room: ColourCategory): CachedReply | Promise<CachedReply> {
    const now = this.dependencies.clock.now();
    const second = Math.floor(now / 1000);
    const memo = this.latest.get(room);
    const cacheKey = memo?.second === second ? memo.cacheKey : this.cacheKeyAt(room, now);
    const periods = this.dependencies.cache.read(
      cacheKey,
      [PublicReadTag.colourHistory(room)],
      (previous: PeriodsFragment | undefined) => this.loadPeriods(room, now, previous),
    );
    if (periods instanceof Promise) return periods.then((loaded) => this.render(room, now, cacheKey, loaded));
    return this.render(room, now, cacheKey, periods);
  }

  /** The history of a room as an object (the same reply, parsed: for callers other than the route). */
  async read(room: ColourCategory): Promise<ColourHistoryResponse> {
    return JSON.parse((await this.reply(room)).body.toString('utf8')) as ColourHistoryResponse;
  }

  /** The room's day: the cache key changes when the day rolls over, so a new day starts empty. */
  private cacheKeyAt(room: ColourCategory, now: number): string {
    return `colour.history:${room}:${periodNumberAt(now, this.dependencies.timeZone).slice(0, 8)}`;
  }

  private async loadPeriods(
    room: ColourCategory,
    now: number,
    previous: PeriodsFragment | undefined,
  ): Promise<PeriodsFragment> {
    const { db, timeZone } = this.dependencies;
    const day = periodNumberAt(now, timeZone).slice(0, 8);
    const dayStart = periodStartFromNumber(`${day}001`, timeZone) ?? periodStartMs(now);
    const rows = await settledPeriodsBetween(db, room, dayStart, periodStartMs(now));
    return serializePeriods(rows, previous);
  }

  private render(room: ColourCategory, now: number, cacheKey: string, periods: PeriodsFragment): CachedReply {
    const second = Math.floor(now / 1000);
    const memo = this.latest.get(room);
    if (memo && memo.second === second && memo.periods === periods) return memo.reply;
    const nextPeriod = periodNumberAt(now, this.dependencies.timeZone);
    const countdown = secondsRemaining(now);
    // The envelope around the cached periods, in the field order of the contract.
    const json = `{"code":200,"next_period":"${nextPeriod}","count_down_sec":${countdown},"periods":${periods.json}}`;
    const reply = new CachedReply(Buffer.from(json), JSON_CONTENT_TYPE, {
      etag: `W/"${periods.digest}.${nextPeriod}.${countdown}"`,
    });
    this.latest.set(room, { second, cacheKey, periods, reply });
    return reply;
  }
}
