import { AviatorScreen } from '../features/aviator/components/aviator-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/aviator` (spec 02 §2), the crash game, for signed-in early-access players. */
export default function AviatorRoute() {
  return (
    <SignedInOnly>
      <AviatorScreen />
    </SignedInOnly>
  );
}
