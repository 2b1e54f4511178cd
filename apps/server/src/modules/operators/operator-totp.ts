/**
 * otplib and qrcode are loaded when an operator first enrols or signs in, not with the server: a start needs
 * neither, and compiling and running them was part of every start.
 */
let otplib: Promise<typeof import('otplib')> | undefined;
const loadOtplib = () => {
  otplib ??= import('otplib');
  return otplib;
};

/** The issuer authenticator apps show beside the operator's name. */
export const TOTP_ISSUER = 'Gold shop console';
/**
 * A code is accepted up to 30 s before or after its own 30-second step, so a phone whose clock is a little
 * off, or a code typed as its step ends, still works; each step's code is accepted once (see claimTotpStep).
 */
export const TOTP_TOLERANCE_SECONDS = 30;

/** A fresh TOTP secret: 20 random bytes in Base32 (otplib's default, RFC 4226's recommended length). */
export async function newTotpSecret(): Promise<string> {
  const { generateSecret } = await loadOtplib();
  return generateSecret();
}

/** What the authenticator app scans: the otpauth URL and the same as a PNG QR code (data URL). */
export async function totpEnrolment(
  username: string,
  secret: string,
): Promise<{ url: string; qrDataUrl: string }> {
  const [{ generateURI }, { default: QRCode }] = await Promise.all([loadOtplib(), import('qrcode')]);
  const url = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  return { url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/**
 * Checks a code against a secret at the given time; answers the time step it belongs to, or null. Codes of
 * steps at or before `afterStep` (already used) are refused.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number,
): Promise<number | null> {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep > 0 ? { afterTimeStep: afterStep } : {}),
  });
  // otplib's answer covers HOTP too; a TOTP answer carries the time step it matched.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
