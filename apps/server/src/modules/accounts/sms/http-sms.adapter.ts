import { fillSmsTemplate, type SmsConfig } from '../../../config/config.ts';
import { type SmsAdapter, SmsDeliveryError, type SmsLogger, type SmsMessage } from './sms.adapter.ts';

export type HttpSmsConfig = Extract<SmsConfig, { provider: 'http' }>;

/** Longest part of a provider's error answer kept in the log. */
const LOGGED_RESPONSE_CHARACTERS = 200;

/**
 * An SMS provider reached over HTTP: the configured URL and method, an optional credential header and a JSON
 * body built from a template. Any 2xx answer means the provider accepted the message; anything else, a
 * network failure or the timeout is a SmsDeliveryError. {mobile}, {text} and {otp} in the URL are filled
 * URL-encoded, in the body JSON-escaped.
 */
export class HttpSmsAdapter implements SmsAdapter {
  readonly name = 'http';

  constructor(
    private readonly config: HttpSmsConfig,
    private readonly logger: SmsLogger,
  ) {}

  /** Posts the message to the provider. */
  async send(message: SmsMessage): Promise<void> {
    const values = { mobile: message.mobile, text: message.text, otp: message.otp };
    const url = this.config.url.replace(/\{(mobile|text|otp)\}/g, (_, name: keyof typeof values) =>
      encodeURIComponent(values[name]),
    );
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
    if (this.config.authHeader) headers[this.config.authHeader.name] = this.config.authHeader.value;
    let body: string | undefined;
    if (this.config.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = fillSmsTemplate(this.config.bodyTemplate, values);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: this.config.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      throw new SmsDeliveryError(`SMS provider unreachable: ${describeFetchError(error)}`, { cause: error });
    }
    const answer = await response.text().catch(() => '');
    if (!response.ok) {
      this.logger.warn(
        { status: response.status, answer: answer.slice(0, LOGGED_RESPONSE_CHARACTERS) },
        'SMS provider refused a message',
      );
      throw new SmsDeliveryError(`SMS provider answered HTTP ${response.status}`);
    }
    this.logger.info({ mobile: message.mobile, status: response.status }, 'SMS sent');
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timed out';
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return String(error);
}
