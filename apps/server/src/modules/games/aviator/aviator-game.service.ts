import {
  type AdminAviatorRoundsResponse,
  AviatorMessage,
  type AviatorRecordDto,
  type AviatorRoundDetailResponse,
  type AviatorUserRecordsResponse,
  aviatorResult,
  formatMultiplier,
  minorToDecimalString,
  type PaginationQuery,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../../http/pagination.ts';
import { findRoundByPeriod, listFinishedRounds, listUserBets } from './aviator.repository.ts';
import type { AviatorRoundService } from './aviator-round.service.ts';

/**
 * The crash game's HTTP side: the player's records, a finished round's verification entity, the operator's
 * round list (the calls' early-access gate is the shared requireEarlyAccess guard).
 */
export class AviatorGameService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rounds: AviatorRoundService,
  ) {}

  /** GET /aviator/user_records: the user's bets, newest first. */
  async userRecords(userId: number, query: PaginationQuery): Promise<AviatorUserRecordsResponse> {
    const { count, rows } = await listUserBets(this.db, userId, pageWindow(query));
    return pageResponse(
      count,
      rows.map(
        (row): AviatorRecordDto => ({
          period: row.period,
          delivery: minorToDecimalString(row.stake_minor),
          open_result:
            row.round_status === 'settled' && row.result_hundredths !== null
              ? formatMultiplier(row.result_hundredths)
              : null,
          cash_result: row.cash_hundredths === null ? 'none' : formatMultiplier(row.cash_hundredths),
          win_amount: minorToDecimalString(row.win_minor),
          status: row.status,
          create_time: row.created_at,
        }),
      ),
    );
  }

  /** GET /aviator/round_detail: the verification entity of a settled round; 404 before it ended. */
  async roundDetail(period: number): Promise<AviatorRoundDetailResponse> {
    const round = await findRoundByPeriod(this.db, period);
    if (!round) throw notFound(AviatorMessage.roundNotFound);
    if (round.status !== 'settled') {
      throw round.status === 'refunded'
        ? notFound(AviatorMessage.roundNotFound)
        : badRequest(AviatorMessage.roundNotEnded);
    }
    const seeds = [round.player_seed1, round.player_seed2, round.player_seed3];
    if (seeds.some((seed) => seed === null) || round.result_hundredths === null) {
      throw new Error(`aviator round ${round.id} is settled without its seeds`);
    }
    const serverSeed = await this.rounds.serverSeedOfRound(round);
    const fair = await aviatorResult(serverSeed, seeds as string[]);
    // The stored result must be what its seeds give: anything else would be a round nobody can verify.
    if (fair.resultHundredths !== round.result_hundredths || fair.sha512hash !== round.sha512hash) {
      throw new Error(`aviator round ${round.id}: stored result does not match its seeds`);
    }
    return {
      code: 200,
      entity: {
        period: round.period,
        result: formatMultiplier(round.result_hundredths),
        server_seed: serverSeed,
        player_nickname1: round.player_nickname1 ?? '',
        player_nickname2: round.player_nickname2 ?? '',
        player_nickname3: round.player_nickname3 ?? '',
        player_seed1: seeds[0] as string,
        player_seed2: seeds[1] as string,
        player_seed3: seeds[2] as string,
        sha512hash: fair.sha512hash,
        hex: fair.hex,
        decimal: fair.decimal,
      },
    };
  }

  /** GET /admin/api/aviator/rounds: finished rounds with stake, fee, payout and house take. */
  async operatorRounds(query: PaginationQuery): Promise<AdminAviatorRoundsResponse> {
    const { count, rows } = await listFinishedRounds(this.db, pageWindow(query));
    return pageResponse(
      count,
      rows.map((row) => ({
        period: row.period,
        status: row.status === 'refunded' ? 'refunded' : 'settled',
        result:
          row.status === 'settled' && row.result_hundredths !== null
            ? formatMultiplier(row.result_hundredths)
            : null,
        bet_count: row.bet_count,
        stake: minorToDecimalString(row.stake_total_minor),
        fee: minorToDecimalString(row.fee_total_minor),
        payout: minorToDecimalString(row.payout_total_minor),
        house_take: minorToDecimalString(row.house_take_minor),
        settle_time: row.settled_at,
      })),
    );
  }
}
