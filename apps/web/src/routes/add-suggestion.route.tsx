import { AddSuggestionScreen } from '../features/suggestions/components/suggestion-screens.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route of the AddSuggestionScreen (spec 02 §2), for signed-in players. */
export default function Route() {
  return (
    <SignedInOnly>
      <AddSuggestionScreen />
    </SignedInOnly>
  );
}
