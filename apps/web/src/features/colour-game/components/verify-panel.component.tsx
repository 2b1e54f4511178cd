import type { ColourFairnessResponse, UserGuessDto } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type BetVerification, checksCommitmentAtOnce, verifyBet } from '../rules/bet-verification.rule.ts';
import styles from './colour-game.module.css';

function Check({ passed, text, testId }: { passed: boolean; text: string; testId: string }) {
  return (
    <li
      className={passed ? styles.checkPassed : styles.checkFailed}
      data-testid={testId}
      data-passed={passed}
    >
      {passed ? '✓' : '✗'} {text}
    </li>
  );
}

function Checks({ result, fairness }: { result: BetVerification; fairness: ColourFairnessResponse }) {
  const { t } = useTranslation();
  const { round } = result;
  return (
    <ul className={styles.checks}>
      <Check
        passed={round.resultMatches}
        text={t('colourGame.verify.result', {
          price: round.recomputed.price,
          number: round.recomputed.number,
        })}
        testId="verify-check-result"
      />
      {round.previousSeedMatches === undefined ? null : (
        <Check
          passed={round.previousSeedMatches}
          text={t('colourGame.verify.chain')}
          testId="verify-check-chain"
        />
      )}
      {round.terminalHashMatches === undefined ? null : (
        <Check
          passed={round.terminalHashMatches}
          text={t('colourGame.verify.commitment', { links: fairness.chain_index })}
          testId="verify-check-commitment"
        />
      )}
      <Check
        passed={result.publishedMatches}
        text={t('colourGame.verify.published')}
        testId="verify-check-published"
      />
      <Check
        passed={result.payoutMatches}
        text={t('colourGame.verify.payout')}
        testId="verify-check-payout"
      />
    </ul>
  );
}

/**
 * The Verify action of a settled bet: recomputes the result from the revealed seed in the browser with the
 * shared verification function and shows each check and the verdict. The check against the published
 * terminal hash runs at once when the chain is short, or on request (it can take a million hashes).
 */
export function VerifyPanel({ bet, fairness }: { bet: UserGuessDto; fairness: ColourFairnessResponse }) {
  const { t } = useTranslation();
  const verification = useMutation({
    mutationFn: (checkCommitment: boolean) => verifyBet(bet, fairness, { checkCommitment }),
  });
  const result = verification.data;

  return (
    <div className={styles.dialogBody}>
      {result ? (
        <>
          <strong
            className={`${styles.verdict} ${result.ok ? styles.checkPassed : styles.checkFailed}`}
            data-testid="verify-verdict"
            data-ok={result.ok}
          >
            {result.ok ? `✓ ${t('colourGame.verify.passed')}` : `✗ ${t('colourGame.verify.failed')}`}
          </strong>
          <Checks result={result} fairness={fairness} />
        </>
      ) : null}
      {verification.isError ? (
        <span className={styles.checkFailed} data-testid="verify-error">
          {t('colourGame.verify.failed')}
        </span>
      ) : null}
      {result && !result.commitmentChecked ? (
        <Button
          size="small"
          fill="outline"
          loading={verification.isPending}
          onClick={() => verification.mutate(true)}
          data-testid="verify-commitment"
        >
          {t('colourGame.verify.checkCommitment', { links: fairness.chain_index })}
        </Button>
      ) : null}
      {result ? null : (
        <Button
          size="small"
          color="primary"
          loading={verification.isPending}
          loadingText={t('common.loading')}
          onClick={() => verification.mutate(checksCommitmentAtOnce(fairness.chain_index))}
          data-testid="verify-run"
        >
          {t('colourGame.verify.action')}
        </Button>
      )}
    </div>
  );
}
