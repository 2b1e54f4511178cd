import { RechargeRecordScreen } from '../features/wallet/components/recharge-record-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/rechargeRecord` (spec 02 §2), for signed-in players. */
export default function RechargeRecordRoute() {
  return (
    <SignedInOnly>
      <RechargeRecordScreen />
    </SignedInOnly>
  );
}
