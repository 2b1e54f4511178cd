import { LegalScreen } from '../features/legal/components/legal-screen.component.tsx';

/** Route `/privacyPolicy` (spec 01 §2). */
export default function PrivacyPolicyRoute() {
  return <LegalScreen documentKey="privacyPolicy" />;
}
