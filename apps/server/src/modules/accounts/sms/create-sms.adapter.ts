import type { Kysely } from 'kysely';
import type { SmsConfig } from '../../../config/config.ts';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { ConsoleSmsAdapter } from './console-sms.adapter.ts';
import { HttpSmsAdapter } from './http-sms.adapter.ts';
import type { SmsAdapter, SmsLogger } from './sms.adapter.ts';

export interface SmsAdapterDependencies {
  db: Kysely<Database>;
  clock: Clock;
  logger: SmsLogger;
  /** In production the console sink only logs; its development outbox is kept everywhere else. */
  isProduction: boolean;
}

/** Builds the SMS adapter the configuration names. */
export function createSmsAdapter(config: SmsConfig, dependencies: SmsAdapterDependencies): SmsAdapter {
  return config.provider === 'http'
    ? new HttpSmsAdapter(config, dependencies.logger)
    : new ConsoleSmsAdapter(dependencies.db, dependencies.clock, dependencies.logger, {
        devOutbox: !dependencies.isProduction,
      });
}
