import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createOperatorBody } from '@app/shared';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { AppError } from '../http/app-error.ts';
import { AuditLog } from '../modules/accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../modules/accounts/rate-limiter.ts';
import { OperatorService } from '../modules/operators/operators.service.ts';
import { systemClock } from '../platform/clock.ts';
import { openSecretBox } from '../platform/secrets/open-secret-box.ts';
import type { SecretBox } from '../platform/secrets/secret-box.ts';

const USAGE = `Creates an owner account of the operator console (there is no default one).

  npm run admin:create-owner                        asks for the username and the password
  npm run admin:create-owner -- --username alice --password-stdin < password.txt

The owner enrols TOTP (a QR code for an authenticator app) at the first login on /admin/.`;

/** Reads one line from standard input without echoing it when it is a terminal. */
async function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const rl = createInterface({ input });
    for await (const line of rl) return line;
    return '';
  }
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (character === '\r' || character === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(text);
          return;
        }
        if (character === '\u0003') process.exit(130);
        text = character === '\u007f' ? text.slice(0, -1) : text + character;
      }
    };
    input.on('data', onData);
  });
}

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * `npm run admin:create-owner`: creates an owner of the operator console on the configured database
 * (migrating it first, so it works before the first start). The password is prompted twice (hidden) or read
 * from standard input with --password-stdin, never from the command line where the shell history keeps it.
 * Exit 0 when created, 1 on a refused value or a taken username, 2 when it could not run.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  let secrets: SecretBox;
  try {
    config = loadConfig();
    secrets = openSecretBox(config).box;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  let username = values.username;
  let password: string;
  if (values['password-stdin']) {
    if (!username) {
      console.error('--username is required with --password-stdin');
      return 1;
    }
    password = await readPasswordFromStdin();
  } else {
    if (!username) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      username = await rl.question('Owner username: ');
      rl.close();
    }
    password = await askHidden('Password (at least 12 characters): ');
    const again = await askHidden('Password again: ');
    if (again !== password) {
      console.error('The passwords differ.');
      return 1;
    }
  }
  const parsed = createOperatorBody.safeParse({ username, password, role: 'owner' });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
    return 1;
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    fs.mkdirSync(path.dirname(config.databaseUrl.slice('sqlite:'.length)), { recursive: true });
  }
  const database = openDatabase({ url: config.databaseUrl, poolSize: 1 });
  try {
    await migrateToLatest(database);
    const audit = new AuditLog(database.db, systemClock);
    const operators = new OperatorService(
      database,
      systemClock,
      audit,
      new DatabaseRateLimiter(database.db, systemClock),
      secrets,
    );
    const owner = await operators.create(parsed.data, { operator: 'create-owner-cli', ip: null });
    console.log(
      `Owner ${owner.username} created (id ${owner.id}). Log in at ${config.publicUrl}/admin/ and enrol TOTP.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Could not create the owner: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
