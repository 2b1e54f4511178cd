import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/resetPassword` (spec 01 §2): after the success dialog it goes back. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/login');
  return (
    <>
      <ScreenToolbar title={t('resetPassword.title')} onBack={goBack} />
      <ResetPasswordForm onDone={goBack} />
    </>
  );
}
