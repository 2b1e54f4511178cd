import { TransactionListScreen } from '../features/wallet/components/transaction-list-screen.component.tsx';
import { SignedInOnly } from '../shared/navigation/signed-in-only.component.tsx';

/** Route `/transactionList` (spec 02 §2), for signed-in players. */
export default function TransactionListRoute() {
  return (
    <SignedInOnly>
      <TransactionListScreen />
    </SignedInOnly>
  );
}
