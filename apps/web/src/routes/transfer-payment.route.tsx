import { TransferPaymentScreen } from '../features/wallet/components/transfer-payment-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/transferPayment` (spec 01 §2, spec 02 §2), for signed-in players. */
export default function TransferPaymentRoute() {
  return (
    <SignedInOnly>
      <TransferPaymentScreen />
    </SignedInOnly>
  );
}
