import { LegalScreen } from '../features/legal/components/legal-screen.component.tsx';

/** Route `/riskAgreement` (spec 01 §2). */
export default function RiskAgreementRoute() {
  return <LegalScreen documentKey="riskAgreement" />;
}
