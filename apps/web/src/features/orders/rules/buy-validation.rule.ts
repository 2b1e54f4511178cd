/** The buy form's rule messages, as translation keys. */
export interface BuyErrors {
  password?: 'buy.passwordRequired';
  address?: 'buy.addressRequired';
}

/**
 * Spec 01 §5 "Buy": the password must not be empty and an address must be selected. Blank counts as empty,
 * as on the login form; a non-blank password is still sent exactly as typed.
 */
export function validateBuy(input: { password: string; addressId: number | null }): BuyErrors {
  const errors: BuyErrors = {};
  if (input.password.trim() === '') errors.password = 'buy.passwordRequired';
  if (input.addressId === null) errors.address = 'buy.addressRequired';
  return errors;
}

/** Whether the form may be sent. */
export function isBuyValid(errors: BuyErrors): boolean {
  return errors.password === undefined && errors.address === undefined;
}
