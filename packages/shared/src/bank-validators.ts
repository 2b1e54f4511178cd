/**
 * Check-digit validators of the bank details each market's card form asks for (spec 01 §3, issue 6):
 * India's IFSC, Brazil's CPF and CNPJ (document ids and PIX keys), Mexico's CLABE. They take the value as
 * typed and answer whether it is well formed; separators (dots, dashes, slashes, spaces) are allowed in
 * CPF and CNPJ because people type them, and stripped by `documentDigits`.
 */

/** IFSC: four bank letters, a zero, then six letters or digits of the branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Digits of a CPF and of a CNPJ. */
export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
/** Digits of a CLABE: 3 bank, 3 branch city, 11 account, 1 check digit. */
export const CLABE_LENGTH = 18;

/** The weights of the CLABE check digit, repeated over its first 17 digits. */
const CLABE_WEIGHTS = [3, 7, 1] as const;
/** Separators people type inside a CPF or CNPJ ("123.456.789-09", "11.222.333/0001-81"). */
const DOCUMENT_SEPARATORS = /[.\-/\s]/g;

/** Whether a text is an IFSC (upper case, as banks print it). */
export function isValidIfsc(text: string): boolean {
  return IFSC_PATTERN.test(text);
}

/** The digits of a CPF or CNPJ without the usual separators, or undefined when anything else is in it. */
export function documentDigits(text: string): string | undefined {
  const digits = text.replace(DOCUMENT_SEPARATORS, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

function digitsOf(text: string): number[] {
  return Array.from(text, (character) => Number(character));
}

/** A mod-11 check digit over `digits` with the given weights (the CPF and CNPJ rule): 0 or 1 give 0. */
function mod11CheckDigit(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < weights.length; index += 1) {
    sum += (digits[index] ?? 0) * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A text made of one repeated digit passes both check digits but is never issued. */
function isRepeatedDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** Whether a text is a CPF with both check digits right (separators allowed, repeated digits refused). */
export function isValidCpf(text: string): boolean {
  const digits = documentDigits(text);
  if (digits?.length !== CPF_LENGTH || isRepeatedDigit(digits)) return false;
  const values = digitsOf(digits);
  const first = mod11CheckDigit(values, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11CheckDigit(values, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return values[9] === first && values[10] === second;
}

/** Whether a text is a CNPJ with both check digits right (separators allowed, repeated digits refused). */
export function isValidCnpj(text: string): boolean {
  const digits = documentDigits(text);
  if (digits?.length !== CNPJ_LENGTH || isRepeatedDigit(digits)) return false;
  const values = digitsOf(digits);
  const first = mod11CheckDigit(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11CheckDigit(values, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return values[12] === first && values[13] === second;
}

/** The CLABE check digit of its first 17 digits: Σ (digit × 3,7,1…) mod 10, then (10 − that) mod 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  digitsOf(first17).forEach((digit, index) => {
    sum += (digit * (CLABE_WEIGHTS[index % CLABE_WEIGHTS.length] ?? 0)) % 10;
  });
  return (10 - (sum % 10)) % 10;
}

/** Whether a text is a CLABE: exactly 18 digits whose last is the check digit of the others. */
export function isValidClabe(text: string): boolean {
  if (!new RegExp(`^\\d{${CLABE_LENGTH}}$`).test(text)) return false;
  return clabeCheckDigit(text.slice(0, CLABE_LENGTH - 1)) === Number(text[CLABE_LENGTH - 1]);
}
