import { GiftEventScreen } from '../features/gifts/components/gift-event-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the GiftEventScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <GiftEventScreen />
    </SignedInOnly>
  );
}
