import { lazy, Suspense, useState } from 'react';
import { ToolbarMenuButton } from '../../../shared/ui/screen-toolbar.component.tsx';
import { useMountedOnce } from '../../../shared/ui/use-mounted-once.hook.ts';

// The sheet's code loads on the first tap, keeping it out of the home screen's first load.
const PreferencesSheet = lazy(() => import('./preferences-sheet.component.tsx'));

/** The toolbar menu button; opens the sheet with the theme toggle and the language choice. */
export function PreferencesMenu() {
  const [open, setOpen] = useState(false);
  const mounted = useMountedOnce(open);

  return (
    <>
      <ToolbarMenuButton open={open} onOpen={() => setOpen(true)} testId="menu-button" />
      {mounted ? (
        <Suspense fallback={null}>
          <PreferencesSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
