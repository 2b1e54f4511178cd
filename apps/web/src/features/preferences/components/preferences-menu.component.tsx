import { MoreOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolbarIconButtonClass } from '../../../shared/ui/screen-toolbar.component.tsx';
import { useMountedOnce } from '../../../shared/ui/use-mounted-once.hook.ts';

// The sheet's code loads on the first tap, keeping it out of the home screen's first load.
const PreferencesSheet = lazy(() => import('./preferences-sheet.component.tsx'));

/** The toolbar menu button; opens the sheet with the theme toggle and the language choice. */
export function PreferencesMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);

  return (
    <>
      <button
        type="button"
        className={toolbarIconButtonClass}
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="menu-button"
      >
        <MoreOutline />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <PreferencesSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
