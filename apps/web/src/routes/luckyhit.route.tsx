import { LuckyHitScreen } from '../features/luckyhit/components/luckyhit-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/luckyhit` (spec 02 §2), the Lucky Hit card game, for signed-in early-access players. */
export default function LuckyHitRoute() {
  return (
    <SignedInOnly>
      <LuckyHitScreen />
    </SignedInOnly>
  );
}
