import { ApplyToBalanceRecordScreen } from '../features/promotion/components/promotion-records.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the ApplyToBalanceRecordScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <ApplyToBalanceRecordScreen />
    </SignedInOnly>
  );
}
