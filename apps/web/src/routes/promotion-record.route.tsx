import { PromotionRecordScreen } from '../features/promotion/components/promotion-records.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the PromotionRecordScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <PromotionRecordScreen />
    </SignedInOnly>
  );
}
