import { TransferScreen } from '../features/wallet/components/transfer-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/transfer` (spec 02 §2), for signed-in players. */
export default function TransferRoute() {
  return (
    <SignedInOnly>
      <TransferScreen />
    </SignedInOnly>
  );
}
