import Fastify, { type FastifyInstance } from 'fastify';
import { testConfig } from '../../config/config.ts';
import type { AppDatabase } from '../../db/dialect.ts';
import { createAuthGuard } from '../../http/auth-guard.ts';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { installOperatorAccess } from '../../http/operator-access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AccountService } from '../accounts/accounts.service.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { OtpService } from '../accounts/otp.service.ts';
import { DatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { SessionService } from '../accounts/session.service.ts';
import { createSmsAdapter } from '../accounts/sms/create-sms.adapter.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { TestBuyer } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import type { PayoutAdapterResolver } from './payout-adapters.ts';
import { WageringService } from './wagering.service.ts';
import {
  createWithdrawalsModule,
  registerWithdrawalsModule,
  type WithdrawalsModule,
} from './withdrawals.module.ts';

export interface WithdrawalsTestAppOptions {
  clock: Clock;
  adminToken?: string;
  /** Overrides WITHDRAWAL_ATTEMPTS_PER_USER, so a race of one user's requests all reach the database. */
  withdrawalAttemptsPerUser?: number;
  /** Banks that fail or answer late, instead of the sandbox's. */
  payoutAdapters?: PayoutAdapterResolver;
}

/**
 * An app with only the bank card and withdrawal routes, wired from the same real services as app.ts but
 * with the module options the full app does not expose (the rate limit, the payout banks). Its services are
 * answered too, for tests that drive them directly.
 */
export async function buildWithdrawalsTestApp(
  database: AppDatabase,
  options: WithdrawalsTestAppOptions,
): Promise<{ app: FastifyInstance; module: WithdrawalsModule }> {
  const { clock } = options;
  const config = testConfig({ webDistDir: '/nonexistent-web-dist' });
  const app = Fastify({ logger: { level: config.logLevel } });
  registerErrorHandling(app, config.bodyLimitBytes);
  const settings = new SettingsService(database.db, clock);
  const audit = new AuditLog(database.db, clock);
  installOperatorAccess(app, { adminToken: options.adminToken, audit });
  const rateLimiter = new DatabaseRateLimiter(database.db, clock);
  const sessions = new SessionService(database.db, clock);
  const sms = createSmsAdapter(config.sms, { db: database.db, clock, logger: app.log, isProduction: false });
  const otp = new OtpService(database.db, clock, sms, audit, app.log, settings, rateLimiter);
  const accounts = new AccountService({
    db: database.db,
    clock,
    otp,
    sessions,
    audit,
    settings,
  });
  const module = createWithdrawalsModule({
    database,
    clock,
    ledger: new LedgerService(database, clock),
    audit,
    rateLimiter,
    settings,
    wagering: new WageringService(settings, clock),
    passwords: accounts,
    verification: {
      consume: (request) => otp.consume(request),
      mobileOf: (userId) => accounts.mobileOf(userId),
    },
    market: 'in',
    isProduction: false,
    ...(options.withdrawalAttemptsPerUser === undefined
      ? {}
      : { withdrawalAttemptsPerUser: options.withdrawalAttemptsPerUser }),
    ...(options.payoutAdapters === undefined ? {} : { payoutAdapters: options.payoutAdapters }),
  });
  registerWithdrawalsModule(app, module, { authGuard: createAuthGuard(sessions), market: 'in' });
  await app.ready();
  return { app, module };
}

/** A complete bank card body for market in (IFSC required, upi_account optional). */
export function indiaCardBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    actual_name: 'Asha Rao',
    ifsc_code: 'SBIN0001234',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    province: 'Karnataka',
    city: 'Bengaluru',
    address: '12 MG Road',
    mobile_number: '+91 98765 43210',
    email: 'asha@example.com',
    upi_account: '',
    ...overrides,
  };
}

/** Adds a card through the API and answers its id. */
export async function addCard(
  app: FastifyInstance,
  buyer: TestBuyer,
  body: Record<string, unknown> = indiaCardBody(),
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/user/edit_bank_card',
    headers: buyer.headers,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`edit_bank_card failed: ${response.body}`);
  return response.json().entry.id as number;
}

/** The mobile number of a user (where edit_bankcard codes go). */
export async function mobileOfUser(database: AppDatabase, userId: number): Promise<string> {
  const row = await database.db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.mobile;
}

/** How many withdrawal holds (pending or resolved) a user's wallet has. */
export async function holdCount(database: AppDatabase, userId: number): Promise<number> {
  const row = await database.db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('hold_transfer_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
