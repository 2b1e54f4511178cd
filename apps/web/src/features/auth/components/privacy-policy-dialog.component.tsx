import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import LegalDocumentText from '../../legal/components/legal-document.component.tsx';
import styles from './auth.module.css';

/** The privacy policy in a dialog over the register form, so reading it keeps what was typed. */
export default function PrivacyPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={open}
      title={t('register.privacyPolicy')}
      content={
        <div className={styles.policyBody}>
          <LegalDocumentText documentKey="privacyPolicy" />
        </div>
      }
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: t('common.ok'), bold: true }]}
      onAction={onClose}
    />
  );
}
