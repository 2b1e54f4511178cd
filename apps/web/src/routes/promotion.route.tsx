import { PromotionScreen } from '../features/promotion/components/promotion-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the PromotionScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <PromotionScreen />
    </SignedInOnly>
  );
}
