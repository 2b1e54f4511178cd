import { WithdrawalRecordScreen } from '../features/withdrawals/components/withdrawal-record-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/withdrawalRecord` (spec 02 §2), for signed-in players. */
export default function WithdrawalRecordRoute() {
  return (
    <SignedInOnly>
      <WithdrawalRecordScreen />
    </SignedInOnly>
  );
}
