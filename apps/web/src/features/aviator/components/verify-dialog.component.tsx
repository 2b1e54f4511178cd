import { useQuery } from '@tanstack/react-query';
import { Dialog, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { fetchAviatorRoundDetail } from '../api/aviator.api.ts';
import { verifyRound } from '../rules/aviator-screen.rule.ts';
import styles from './aviator.module.css';

function VerifyContent({ period }: { period: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['aviator', 'round-detail', period] as const,
    queryFn: async ({ signal }) => {
      const response = await fetchAviatorRoundDetail(api, period, signal);
      return { entity: response.entity, check: await verifyRound(response.entity) };
    },
    retry: false,
  });
  if (detail.isPending) return <DotLoading color="primary" />;
  if (detail.isError) return <p data-testid="aviator-verify-error">{errorMessage(detail.error)}</p>;
  const { entity, check } = detail.data;
  const rows: Array<[string, string]> = [
    [t('aviator.result'), `${entity.result}x`],
    [t('aviator.serverSeed'), entity.server_seed],
    [t('aviator.player', { index: 1 }), entity.player_nickname1],
    [t('aviator.seed', { index: 1 }), entity.player_seed1],
    [t('aviator.player', { index: 2 }), entity.player_nickname2],
    [t('aviator.seed', { index: 2 }), entity.player_seed2],
    [t('aviator.player', { index: 3 }), entity.player_nickname3],
    [t('aviator.seed', { index: 3 }), entity.player_seed3],
    [t('aviator.hash'), entity.sha512hash],
    [t('aviator.hex'), entity.hex],
    [t('aviator.decimal'), entity.decimal],
  ];
  return (
    <div data-testid="aviator-verify">
      <div className={styles.entity}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <span>{label}</span>
            <code>{value}</code>
          </div>
        ))}
      </div>
      <p className={check.matches ? styles.matches : styles.mismatch} data-testid="aviator-verify-verdict">
        {check.matches ? t('aviator.matches') : t('aviator.mismatch')}
      </p>
    </div>
  );
}

/** The verification dialog (spec 02 "Aviator screen"): the entity, recomputed in the browser with Web Crypto. */
export function VerifyDialog({ period, onClose }: { period: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={period !== null}
      title={t('aviator.verifyTitle')}
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: t('common.ok') }]}
      onAction={onClose}
      content={period === null ? null : <VerifyContent period={period} />}
    />
  );
}
