import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../features/auth/components/register-form.component.tsx';
import { useGoBack } from '../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/register` (spec 01 §2); `?r_code=` fills in the referral code. */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const goBack = useGoBack('/login');
  return (
    <>
      <ScreenToolbar title={t('register.title')} onBack={goBack} />
      <RegisterForm />
    </>
  );
}
