import { RETURN_PARAM_MAX_LENGTH, RETURN_PARAMS_MAX_COUNT, SERIAL_NUMBER_PATTERN } from '@app/shared';

/** Longest parameter name POST /user/recharge_return takes. */
const RETURN_PARAM_NAME_MAX_LENGTH = 100;

/** A gateway's return to the recharge record: the recharge's serial number and what came with it. */
export interface RechargeReturn {
  serialNumber: string;
  params: Record<string, string>;
}

/**
 * Reads the query a gateway sends the payer back with (/#/rechargeRecord?sn=…&order_id=…&signature=…).
 * Null without a well-formed sn. Everything else goes to the server as it came, within the call's
 * limits, because only the server can tell a genuine return from a forged one.
 */
export function readRechargeReturn(search: URLSearchParams): RechargeReturn | null {
  const serialNumber = search.get('sn')?.trim() ?? '';
  if (!SERIAL_NUMBER_PATTERN.test(serialNumber)) return null;
  const params: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of search) {
    if (name === 'sn' || name in params) continue;
    if (name.length > RETURN_PARAM_NAME_MAX_LENGTH || value.length > RETURN_PARAM_MAX_LENGTH) continue;
    if (count === RETURN_PARAMS_MAX_COUNT) break;
    params[name] = value;
    count += 1;
  }
  return { serialNumber, params };
}
