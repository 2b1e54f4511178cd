/** One text message carrying a one-time code. */
export interface SmsMessage {
  /** E.164 number. */
  mobile: string;
  text: string;
  /** The code inside the text; the console sink keeps it for GET /dev/sms/last. */
  otp: string;
}

/** Sends text messages; `send` resolves once the provider accepted the message and throws SmsDeliveryError otherwise. */
export interface SmsAdapter {
  readonly name: 'console' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/** The provider did not accept the message; the message says why, for the log (never shown to users). */
export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsDeliveryError';
  }
}

/** The logger the adapters write to (Fastify's pino logger satisfies it). */
export interface SmsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
