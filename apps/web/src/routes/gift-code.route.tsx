import { GiftCodeScreen } from '../features/gifts/components/gift-code-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the GiftCodeScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <GiftCodeScreen />
    </SignedInOnly>
  );
}
