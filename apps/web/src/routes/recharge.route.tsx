import { RechargeScreen } from '../features/wallet/components/recharge-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/recharge` (spec 01 §2), for signed-in players. */
export default function RechargeRoute() {
  return (
    <SignedInOnly>
      <RechargeScreen />
    </SignedInOnly>
  );
}
