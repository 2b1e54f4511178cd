import { WithdrawalScreen } from '../features/withdrawals/components/withdrawal-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/withdrawal` (spec 02 §2), for signed-in players. */
export default function WithdrawalRoute() {
  return (
    <SignedInOnly>
      <WithdrawalScreen />
    </SignedInOnly>
  );
}
