import { WinScreen } from '../features/colour-game/components/win-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/win` (spec 02 §2), the guess game, for signed-in early-access players. */
export default function WinRoute() {
  return (
    <SignedInOnly>
      <WinScreen />
    </SignedInOnly>
  );
}
