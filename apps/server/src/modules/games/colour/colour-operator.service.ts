import {
  type AdminColourPeriodDto,
  type AdminColourPeriodListResponse,
  type AdminColourPeriodsQuery,
  minorToDecimalString,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { pageResponse, pageWindow } from '../../../http/pagination.ts';
import { listSettledPeriodsForOperator } from './colour.repository.ts';
import type { ColourPeriodRow } from './colour.tables.ts';

/**
 * A period's house figures as the operator reads them. The figures are checked against each other on the
 * way out, so a row that does not add up is reported as an error instead of being shown as if it did.
 */
export function toAdminColourPeriodDto(row: ColourPeriodRow): AdminColourPeriodDto {
  const { stake_total_minor: stake, fee_total_minor: fee, contract_total_minor: contract } = row;
  const { payout_total_minor: payout, house_take_minor: houseTake } = row;
  if (
    row.status !== 'settled' ||
    row.price === null ||
    row.result_number === null ||
    row.settled_at === null
  ) {
    throw new Error(`colour period ${row.id} has no figures before it is settled`);
  }
  if (stake !== fee + contract || houseTake !== stake - payout) {
    throw new Error(`colour period ${row.id}: its house figures do not add up`);
  }
  return {
    period: row.period,
    category: row.room,
    price: row.price,
    result: row.result_number,
    bet_count: row.bet_count,
    stake: minorToDecimalString(stake),
    fee: minorToDecimalString(fee),
    contract: minorToDecimalString(contract),
    payout: minorToDecimalString(payout),
    house_take: minorToDecimalString(houseTake),
    settled_time: row.settled_at,
  };
}

/**
 * The operator's side of the colour game: each settled period's figures as its settlement recorded them.
 * Open periods are not listed: their figures are written once, by the settlement, in its transaction.
 */
export class ColourOperatorService {
  constructor(private readonly db: Kysely<Database>) {}

  /** GET /admin/api/colour/periods: one room's or every room's settled periods, newest first. */
  async listPeriods(query: AdminColourPeriodsQuery): Promise<AdminColourPeriodListResponse> {
    const page = await listSettledPeriodsForOperator(this.db, query.category, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toAdminColourPeriodDto));
  }
}
