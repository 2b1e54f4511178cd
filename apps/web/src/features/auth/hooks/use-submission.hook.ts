import { useState } from 'react';
import { useErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';

/** A form's call: `submitting` while it runs (the button spins), and a failure shown in the error alert. */
export function useSubmission() {
  const showError = useErrorAlert();
  const [submitting, setSubmitting] = useState(false);

  async function run(call: () => Promise<void>) {
    setSubmitting(true);
    try {
      await call();
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, run };
}
