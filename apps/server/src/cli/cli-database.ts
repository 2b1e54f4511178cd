import fs from 'node:fs';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.ts';
import { type AppDatabase, openDatabase } from '../db/dialect.ts';

/** What a maintenance command opens (the configuration, its database and what it prepared), or exit 2. */
export type CommandStart<Extra> =
  | { readonly ok: true; readonly config: AppConfig; readonly database: AppDatabase; readonly extra: Extra }
  | { readonly ok: false; readonly exitCode: 2 };

/**
 * Loads the configuration (and whatever the command reads from it, such as the secrets key) and opens the
 * configured database for a maintenance command. A bad configuration, or an embedded database file that does
 * not exist yet, is said on standard error and answers exit code 2: opening a missing SQLite file would create
 * an empty database, and the command would report on nothing.
 */
export function openForCommand<Extra>(prepare: (config: AppConfig) => Extra): CommandStart<Extra> {
  let config: AppConfig;
  let extra: Extra;
  try {
    config = loadConfig();
    extra = prepare(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return { ok: false, exitCode: 2 };
    }
    throw error;
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    const file = config.databaseUrl.slice('sqlite:'.length);
    if (!fs.existsSync(file)) {
      console.error(`No database at ${file}: start the server once, or set DATABASE_URL.`);
      return { ok: false, exitCode: 2 };
    }
  }
  return { ok: true, config, database: openDatabase({ url: config.databaseUrl, poolSize: 1 }), extra };
}
