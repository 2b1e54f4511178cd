import type { BankCardDto } from '@app/shared';

/** A card as GET /user/bank_cards answers it (number masked), past its cool-down. */
export function fakeBankCard(overrides: Partial<BankCardDto> = {}): BankCardDto {
  return {
    id: 21,
    actual_name: 'Asha Rao',
    ifsc_code: 'SBIN0001234',
    bank_name: 'State Bank of India',
    account_number: '*******8901',
    province: 'Maharashtra',
    city: 'Pune',
    address: '12 MG Road',
    mobile_number: '+919876543210',
    email: 'asha@example.com',
    upi_account: '',
    withdrawable_from: Date.UTC(2025, 2, 1, 4, 30),
    create_time: Date.UTC(2025, 1, 28, 4, 30),
    ...overrides,
  };
}

/** GET /user/bank_cards with these cards. */
export function bankCardsAnswer(cards: readonly BankCardDto[], otpRequired = true) {
  return { code: 200, otp_required: otpRequired, queryset: cards };
}
