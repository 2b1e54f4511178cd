import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import styles from './wallet.module.css';

/** Pixels of the rendered code: large enough for a phone camera across a table. */
const QR_SIZE_PX = 440;
/** Quiet zone around the code, in modules; scanners need some, and the card already has padding. */
const QR_MARGIN_MODULES = 2;

/**
 * The QR code of a payment link (the recharge's qr_code, a upi://pay link). The QR library loads only
 * here, on the payment page, so no other screen carries it.
 */
export function UpiQrCode({ text, label }: { text: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setSource(null);
    setFailed(false);
    import('qrcode')
      .then((module) =>
        module.default.toDataURL(text, {
          width: QR_SIZE_PX,
          margin: QR_MARGIN_MODULES,
          errorCorrectionLevel: 'M',
        }),
      )
      .then((url) => {
        if (current) setSource(url);
      })
      .catch((error: unknown) => {
        console.error('The payment QR code could not be drawn', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) return null;
  if (!source) {
    return (
      <div className={styles.qr} role="img" aria-label={label} aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  }
  return <img className={styles.qr} src={source} alt={label} data-testid="upi-qr-code" data-qr-text={text} />;
}
