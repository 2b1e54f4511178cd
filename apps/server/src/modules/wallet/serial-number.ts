import { randomInt } from 'node:crypto';

/**
 * Random digits after the time stamp: with 10^12 choices per second, even a thousand orders in one second
 * clash with a chance of about one in two million (and the unique index stops the rare clash anyway).
 */
export const SERIAL_RANDOM_DIGITS = 12;
const SERIAL_RANDOM_BOUND = 10 ** SERIAL_RANDOM_DIGITS;

/**
 * A recharge serial number: R, the UTC time to the second (yyyyMMddHHmmss) and twelve random digits, such
 * as R20250301120000123456789012. It sorts by time, reads well on a support call, and cannot be guessed
 * from another one. Gateways accept it as their order reference (27 letters and digits, under 40).
 */
export function newRechargeSerialNumber(nowMs: number): string {
  const time = new Date(nowMs).toISOString().replace(/\D/g, '').slice(0, 14);
  const random = String(randomInt(SERIAL_RANDOM_BOUND)).padStart(SERIAL_RANDOM_DIGITS, '0');
  return `R${time}${random}`;
}
