import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { CONSOLE_PASSWORD, totpCode } from './console.ts';
import { advanceServerClock, E2E_ADMIN_TOKEN, readServerTime } from './operator.ts';

/**
 * Maker-checker in the end-to-end suite (DESIGN.md §2 "Operator money controls"). The automation token
 * (ADMIN_TOKEN) may ask for an action that creates money or loosens a control, but never approve it; as in a
 * real deployment, a second console operator, a person with a TOTP login, approves it. These operators are
 * created once per run through the API, enrolled with TOTP, and their sessions kept for the run.
 */

/** What a 202 answer says about the request it stored (the fields the checker needs). */
export interface PendingRequest {
  id: number;
  kind: string;
  summary: string;
  approver_roles: string[];
}

/** A second operator of the run: who it is, its authenticator secret and its console session. */
interface SecondOperator {
  username: string;
  role: string;
  secret: string;
  token: string;
}

/**
 * Where the second operators of the run are kept: beside the run's database, so a worker started again after
 * a failed test logs the same operators in rather than creating them twice.
 */
function secondOperatorsFile(): string | null {
  const dataDir = process.env.E2E_DATA_DIR;
  return dataDir ? path.join(dataDir, 'e2e-second-operators.json') : null;
}

const known = new Map<string, SecondOperator>();

function loadKnown(role: string): SecondOperator | undefined {
  const cached = known.get(role);
  if (cached) return cached;
  const file = secondOperatorsFile();
  if (!file || !fs.existsSync(file)) return undefined;
  const stored = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, SecondOperator>)[role];
  if (stored) known.set(role, stored);
  return stored;
}

function remember(operator: SecondOperator): void {
  known.set(operator.role, operator);
  const file = secondOperatorsFile();
  if (!file) return;
  // Merged with what the file holds: a worker started again knows only the operators it has used so far, and
  // must not drop the others (they exist on the server; making them again would be refused).
  const stored = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, SecondOperator>)
    : {};
  fs.writeFileSync(file, JSON.stringify({ ...stored, [operator.role]: operator }, null, 2));
}

async function postJson(
  request: APIRequestContext,
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; payload: Record<string, unknown> }> {
  const response = await request.post(url, {
    data: body,
    ...(token ? { headers: { Authorization: `Operator ${token}` } } : {}),
  });
  return { status: response.status(), payload: (await response.json()) as Record<string, unknown> };
}

/** A TOTP code of the operator's authenticator at the server's time (its test clock runs ahead). */
async function currentCode(request: APIRequestContext, secret: string): Promise<string> {
  return totpCode(secret, (await readServerTime(request)) - Date.now());
}

/** The role of the run's first operator: it approves the operator accounts the run makes later. */
const ACCOUNTS_CHECKER_ROLE = 'owner';

/**
 * Creates a console operator with the automation token, as a deployment's automation would. While an owner
 * exists, a new account is a request another owner approves (DESIGN.md §2): the run's checker owner, made
 * before any other operator so that it is the one that may.
 */
export async function createOperator(
  request: APIRequestContext,
  username: string,
  role: string,
): Promise<void> {
  await secondOperatorSession(request, ACCOUNTS_CHECKER_ROLE);
  await postOperator(request, username, role);
}

/** POST /admin/api/operators with the automation token; a 202 is approved by the run's checker owner. */
async function postOperator(request: APIRequestContext, username: string, role: string): Promise<void> {
  const response = await request.post('/admin/api/operators', {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: { username, password: CONSOLE_PASSWORD, role, reason: `end-to-end operator ${username}` },
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (response.status() === 202) {
    await approveAsSecondOperator(request, payload.request as PendingRequest, 'end-to-end operator checked');
    return;
  }
  expect(response.status(), JSON.stringify(payload)).toBe(200);
}

/** Creates the run's second operator of a role and enrols its authenticator, as its first login does. */
async function enrolSecondOperator(request: APIRequestContext, role: string): Promise<SecondOperator> {
  const username = `e2e.checker-${role}`;
  // The checker owner comes first (made while no operator exists, so at once); every later one it approves.
  if (role !== ACCOUNTS_CHECKER_ROLE) await secondOperatorSession(request, ACCOUNTS_CHECKER_ROLE);
  await postOperator(request, username, role);
  const login = await postJson(request, '/admin/api/auth/login', { username, password: CONSOLE_PASSWORD });
  if (login.payload.step !== 'enrol')
    throw new Error(`expected an enrolment: ${JSON.stringify(login.payload)}`);
  const secret = String(login.payload.secret);
  const enrolled = await postJson(request, '/admin/api/auth/enrol', {
    enrolment_token: login.payload.enrolment_token,
    totp_code: await currentCode(request, secret),
  });
  if (enrolled.payload.step !== 'session')
    throw new Error(`enrolment failed: ${JSON.stringify(enrolled.payload)}`);
  return { username, role, secret, token: String(enrolled.payload.token) };
}

/**
 * Logs an enrolled operator in again. Each TOTP step's code is accepted once, so when the code of this step
 * was spent (by the enrolment or an earlier login) the server's clock moves on to the next step.
 */
async function logInAgain(request: APIRequestContext, operator: SecondOperator): Promise<SecondOperator> {
  let refused: Record<string, unknown> = {};
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const login = await postJson(request, '/admin/api/auth/login', {
      username: operator.username,
      password: CONSOLE_PASSWORD,
      totp_code: await currentCode(request, operator.secret),
    });
    if (login.payload.step === 'session') return { ...operator, token: String(login.payload.token) };
    refused = login.payload;
    await advanceServerClock(request, 30);
  }
  throw new Error(`second operator ${operator.username} could not log in: ${JSON.stringify(refused)}`);
}

/** Whether a console session still works (sessions end after 30 idle minutes of the server's clock). */
async function sessionWorks(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get('/admin/api/auth/me', {
    headers: { Authorization: `Operator ${token}` },
  });
  return response.ok();
}

/** The console session of the run's second operator of a role: created, enrolled or logged in as needed. */
export async function secondOperatorSession(request: APIRequestContext, role: string): Promise<string> {
  const operator = loadKnown(role);
  if (operator && (await sessionWorks(request, operator.token))) return operator.token;
  const signedIn = operator ? await logInAgain(request, operator) : await enrolSecondOperator(request, role);
  remember(signedIn);
  return signedIn.token;
}

/** The role that checks a request: finance when it may (money is its business), else the first it names. */
function checkerRole(request: PendingRequest): string {
  if (request.approver_roles.includes('finance')) return 'finance';
  return request.approver_roles[0] ?? 'owner';
}

/** A second console operator of a role that may approve the request approves it; answers the approval. */
export async function approveAsSecondOperator(
  request: APIRequestContext,
  pending: PendingRequest,
  reason: string,
): Promise<Record<string, unknown>> {
  const token = await secondOperatorSession(request, checkerRole(pending));
  const approved = await postJson(request, `/admin/api/approvals/${pending.id}/approve`, { reason }, token);
  if (approved.status !== 200) {
    throw new Error(
      `approval of request #${pending.id} answered ${approved.status}: ${JSON.stringify(approved.payload)}`,
    );
  }
  return approved.payload;
}

/**
 * Calls the operator API with the automation token for an action that may need a second operator (a gift
 * code above the single-approval maximum, a setting that loosens a money control): the body carries the
 * maker's reason, and when the server answers 202 the run's second operator approves the request, as a
 * person would in the console. Answers the action's answer, or the approval's when it was approved.
 */
export async function callOperatorApiWithApproval(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  apiPath: string,
  body: { reason: string } & Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(`/admin/api${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: body,
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (!response.ok())
    throw new Error(
      `operator ${method} ${apiPath} answered ${response.status()}: ${JSON.stringify(payload)}`,
    );
  if (response.status() !== 202) return payload;
  return approveAsSecondOperator(
    request,
    payload.request as PendingRequest,
    `Checked by a second operator: ${body.reason}`,
  );
}
