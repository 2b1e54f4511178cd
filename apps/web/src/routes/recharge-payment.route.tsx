import { RechargePaymentScreen } from '../features/wallet/components/recharge-payment-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/rechargePayment` (spec 02 §2), for signed-in players. */
export default function RechargePaymentRoute() {
  return (
    <SignedInOnly>
      <RechargePaymentScreen />
    </SignedInOnly>
  );
}
