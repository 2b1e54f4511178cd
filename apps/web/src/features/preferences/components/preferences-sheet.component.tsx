import type { LanguageCode } from '@app/shared';
import { Button, CheckList, List, Popup, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  currentLanguage,
  isLanguageCode,
  LANGUAGE_NAMES,
  LANGUAGES,
  switchLanguage,
} from '../../../i18n/i18n.ts';
import { useDarkMode } from '../../../shared/theme/theme.ts';
import styles from './preferences-menu.module.css';

/** The bottom sheet of the preferences menu: dark mode switch and language choice, both saved locally. */
export default function PreferencesSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [dark, setDark] = useDarkMode();
  // Read through the hook's i18n so the sheet re-renders when the language changes.
  const language: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : currentLanguage();

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} role="dialog" aria-label={t('menu.title')} data-testid="preferences-menu">
        <h2 className={styles.sheetTitle}>{t('menu.title')}</h2>
        <List>
          {/* The whole row toggles, as a label would; the switch itself stops its tap from toggling twice. */}
          <List.Item
            onClick={() => setDark(!dark)}
            arrowIcon={false}
            data-testid="dark-mode-row"
            extra={
              // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the switch's own tap from reaching the row.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the switch handles its own keys.
              <span onClick={(event) => event.stopPropagation()}>
                <Switch
                  checked={dark}
                  onChange={setDark}
                  aria-label={t('menu.darkMode')}
                  data-testid="dark-mode-switch"
                />
              </span>
            }
          >
            {t('menu.darkMode')}
          </List.Item>
        </List>
        <List header={t('menu.language')}>
          <CheckList
            value={[language]}
            onChange={(values) => {
              const chosen = values[0];
              if (!isLanguageCode(chosen)) return;
              switchLanguage(chosen).catch((error: unknown) => {
                // The translation's chunk did not load (offline); the interface stays in its language.
                console.error(`Switching to ${chosen} failed`, error);
              });
            }}
          >
            {LANGUAGES.map((code) => (
              <CheckList.Item key={code} value={code} data-testid={`language-${code}`}>
                <span lang={code}>{LANGUAGE_NAMES[code]}</span>
              </CheckList.Item>
            ))}
          </CheckList>
        </List>
        <Button className={styles.closeButton} block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}
