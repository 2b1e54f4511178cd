import { COLOUR_CATEGORIES, type ColourCategory } from '@app/shared';
import { badRequest } from '../../http/app-error.ts';
import { pageResponse } from '../../http/pagination.ts';
import type { ColourGameService } from '../games/colour/colour-game.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RechargeService } from '../wallet/recharge.service.ts';
import type { BankCardService } from '../withdrawals/bank-cards.service.ts';
import type { WithdrawalService } from '../withdrawals/withdrawals.service.ts';
import { maskAccountNumber, type PlayerViewService } from './player-view.service.ts';

/** The services whose player records the view shows in every build. */
export interface BuiltInPlayerRecordServices {
  ledger: LedgerService;
  colour: ColourGameService;
  recharges: RechargeService;
  withdrawals: WithdrawalService;
  cards: BankCardService;
}

function colourCategory(category: string | undefined): ColourCategory {
  const chosen = category ?? 'P';
  if (!(COLOUR_CATEGORIES as readonly string[]).includes(chosen)) {
    throw badRequest(`category must be one of ${COLOUR_CATEGORIES.join(', ')}`);
  }
  return chosen as ColourCategory;
}

/** Registers the ledger, colour bets, recharges, withdrawals and (masked) bank cards of a player. */
export function registerBuiltInPlayerRecords(
  view: PlayerViewService,
  services: BuiltInPlayerRecordServices,
): void {
  view.register('ledger', (userId, query) => services.ledger.transactionsPage(userId, query));
  view.register('colour_bets', (userId, query) =>
    services.colour.myGuesses(userId, { ...query, category: colourCategory(query.category) }),
  );
  view.register('recharges', (userId, query) => services.recharges.list(userId, query));
  view.register('withdrawals', (userId, query) => services.withdrawals.list(userId, query));
  view.register('bank_cards', async (userId) => {
    const cards = await services.cards.list(userId);
    return pageResponse(
      cards.queryset.length,
      cards.queryset.map((card) => ({ ...card, account_number: maskAccountNumber(card.account_number) })),
    );
  });
}
