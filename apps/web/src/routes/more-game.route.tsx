import { MoreGameScreen } from '../features/launcher/components/more-game-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the MoreGameScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <MoreGameScreen />
    </SignedInOnly>
  );
}
