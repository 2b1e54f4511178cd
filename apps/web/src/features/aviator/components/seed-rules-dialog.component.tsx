import { Button, Dialog, Radio, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './aviator.module.css';

export type SeedType = 0 | 1;

/**
 * The rule dialog with the provably-fair seed settings (spec 02 "Aviator screen", §4): client seed type
 * (0 random per bet, 1 fixed), a change button for a fresh 20-character seed, and the next server seed.
 */
export function SeedRulesDialog({
  open,
  onClose,
  seedType,
  fixedSeed,
  serverSeedHash,
  onSeedType,
  onChangeSeed,
}: {
  open: boolean;
  onClose: () => void;
  seedType: SeedType;
  fixedSeed: string;
  serverSeedHash: string;
  onSeedType: (type: SeedType) => void;
  onChangeSeed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={open}
      title={t('aviator.rulesTitle')}
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: t('common.ok') }]}
      onAction={onClose}
      content={
        <div data-testid="aviator-rules">
          <p>{t('aviator.rulesText')}</p>
          <p>{t('aviator.seedType')}</p>
          <Radio.Group value={seedType} onChange={(value) => onSeedType(value === 1 ? 1 : 0)}>
            <Space>
              <Radio value={0}>{t('aviator.seedRandom')}</Radio>
              <Radio value={1}>{t('aviator.seedFixed')}</Radio>
            </Space>
          </Radio.Group>
          <div className={styles.entity}>
            <span>{t('aviator.seed', { index: '' })}</span>
            <code data-testid="aviator-fixed-seed">{fixedSeed}</code>
          </div>
          <Button size="mini" onClick={onChangeSeed}>
            {t('aviator.change')}
          </Button>
          <div className={styles.entity}>
            <span>{t('aviator.nextServerSeed')}</span>
            <code data-testid="aviator-next-server-seed">{serverSeedHash}</code>
          </div>
        </div>
      }
    />
  );
}
