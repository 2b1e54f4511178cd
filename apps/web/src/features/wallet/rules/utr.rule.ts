import { UTR_LENGTH } from '@app/shared';

const UTR_PATTERN = new RegExp(`^\\d{${UTR_LENGTH}}$`);

/** The UTR to send: the input trimmed when it is exactly UTR_LENGTH digits (spec 02 §5, §9), else null. */
export function normalizeUtr(input: string): string | null {
  const utr = input.trim();
  return UTR_PATTERN.test(utr) ? utr : null;
}
