/**
 * The purpose each sealed value is bound to: its table and column (and, for a payment channel, the setting
 * inside settings_json). A value sealed for one purpose does not open for another, so a secret copied into
 * another column (or a pending TOTP secret into the enrolled one) is refused rather than used.
 */
export const SecretPurpose = {
  /** An enrolled operator's TOTP secret. */
  operatorTotpSecret: 'operators.totp_secret',
  /** The TOTP secret shown during enrolment, until a code from it is verified. */
  operatorTotpPendingSecret: 'operators.totp_pending_secret',
  /** A game provider's HMAC secret (its seamless-wallet calls are signed with it). */
  gameProviderSecret: 'game_providers.secret',
} as const;

/** The purpose of one secret setting of a payment channel, e.g. payment_channels.settings_json.key_secret. */
export function paymentChannelSecretPurpose(field: string): string {
  return `payment_channels.settings_json.${field}`;
}

/**
 * The purpose of a payment channel key held in a pending approval request until a second operator approves
 * it. Start-up re-sealing does not walk request payloads: keep a previous key configured for a day after a
 * rotation, until the requests sealed under it are decided or expired.
 */
export function pendingChannelSecretPurpose(field: string): string {
  return `approval_requests.payload.payment_channel.secrets.${field}`;
}
