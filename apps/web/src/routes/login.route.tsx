import { useTranslation } from 'react-i18next';
import { LoginForm } from '../features/auth/components/login-form.component.tsx';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** Route `/login` (spec 01 §2). */
export default function LoginRoute() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenToolbar title={t('login.title')} />
      <LoginForm />
    </>
  );
}
