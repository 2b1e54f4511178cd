import { GuessRecordScreen } from '../features/colour-game/components/record-screens.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/guessRecord?category_value={P/S/B/E}` (spec 02 §2), for signed-in players. */
export default function GuessRecordRoute() {
  return (
    <SignedInOnly>
      <GuessRecordScreen />
    </SignedInOnly>
  );
}
