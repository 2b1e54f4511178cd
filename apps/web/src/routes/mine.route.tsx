import { hasRoute } from '../app/routing/route-registry.ts';
import { ProfileScreen } from '../features/profile/components/profile-screen.component.tsx';

/** Route `/mine` (spec 01 §2): the profile, whose menu lists the screens the registry holds. */
export default function MineRoute() {
  return <ProfileScreen hasScreen={hasRoute} />;
}
