import type { OperatorRole } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Clock } from '../../platform/clock.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { OperatorService } from './operators.service.ts';

/** The password of every test operator (long enough for the operator password rule). */
export const TEST_OPERATOR_PASSWORD = 'operator-password-0123';

/** An operator created, enrolled in TOTP and logged in through the API. */
export interface TestOperator {
  id: number;
  username: string;
  role: OperatorRole;
  secret: string;
  token: string;
  headers: { authorization: string };
  /** The known-device token the console keeps after a login (sent with the next ones). */
  deviceToken: string;
}

/** The TOTP code of a secret at the clock's time, as an authenticator app would show it. */
export function totpCodeAt(secret: string, clock: Clock): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now() / 1000) });
}

/** The header of the operator automation token (config adminToken), as scripts and tests send it. */
export function adminTokenHeaders(adminToken: string): { authorization: string } {
  return { authorization: `Bearer ${adminToken}` };
}

/** The header of a console session. */
export function operatorHeader(token: string): { authorization: string } {
  return { authorization: `Operator ${token}` };
}

/**
 * Creates an operator of a role and takes it through the first login (enrolment with the QR code's secret)
 * as the console does. Each call moves the clock on one TOTP step, so codes of consecutive operators and
 * logins never collide with the single-use rule.
 */
export async function createEnrolledOperator(
  app: FastifyInstance,
  database: AppDatabase,
  clock: Clock & { advance(ms: number): void },
  options: { username: string; role: OperatorRole },
): Promise<TestOperator> {
  const audit = new AuditLog(database.db, clock);
  const service = new OperatorService(
    database,
    clock,
    audit,
    new DatabaseRateLimiter(database.db, clock),
    testSecretBox(),
  );
  const created = await service.create(
    { username: options.username, password: TEST_OPERATOR_PASSWORD, role: options.role },
    { operator: 'test', ip: null },
  );
  return enrolOperator(app, clock, { id: created.id, username: created.username, role: options.role });
}

/**
 * Takes an operator that exists (made through the API, say) through its first login with TEST_OPERATOR_PASSWORD,
 * as the console does, and moves the clock on one TOTP step.
 */
export async function enrolOperator(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  operator: { id: number; username: string; role: OperatorRole },
): Promise<TestOperator> {
  const login = await app.inject({
    method: 'POST',
    url: '/admin/api/auth/login',
    payload: { username: operator.username, password: TEST_OPERATOR_PASSWORD },
  });
  const enrolment = login.json();
  if (enrolment.step !== 'enrol') throw new Error(`expected an enrolment, got ${login.body}`);
  const enrolled = await app.inject({
    method: 'POST',
    url: '/admin/api/auth/enrol',
    payload: {
      enrolment_token: enrolment.enrolment_token,
      totp_code: await totpCodeAt(enrolment.secret, clock),
    },
  });
  const session = enrolled.json();
  if (session.step !== 'session') throw new Error(`enrolment failed: ${enrolled.body}`);
  clock.advance(30_000);
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    secret: enrolment.secret,
    token: session.token,
    headers: operatorHeader(session.token),
    deviceToken: session.device_token,
  };
}

/**
 * Creates and enrols several operators, one after another in the order given (each on its own TOTP step),
 * and answers them by the names they were given.
 */
export async function createEnrolledOperators<Name extends string>(
  app: FastifyInstance,
  database: AppDatabase,
  clock: Clock & { advance(ms: number): void },
  operators: Record<Name, { username: string; role: OperatorRole }>,
): Promise<Record<Name, TestOperator>> {
  const created = {} as Record<Name, TestOperator>;
  for (const name of Object.keys(operators) as Name[]) {
    created[name] = await createEnrolledOperator(app, database, clock, operators[name]);
  }
  return created;
}

/** Logs an enrolled operator in again (a new session) from its known device, on a fresh TOTP step. */
export async function loginOperator(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  operator: TestOperator,
): Promise<TestOperator> {
  clock.advance(30_000);
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api/auth/login',
    payload: {
      username: operator.username,
      password: TEST_OPERATOR_PASSWORD,
      totp_code: await totpCodeAt(operator.secret, clock),
      device_token: operator.deviceToken,
    },
  });
  const session = response.json();
  if (session.step !== 'session') throw new Error(`login failed: ${response.body}`);
  return {
    ...operator,
    token: session.token,
    headers: operatorHeader(session.token),
    deviceToken: session.device_token,
  };
}
