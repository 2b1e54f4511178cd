// A vitest reporter for CI: it writes the run's unhandled errors (work that failed outside any test, such as
// React rendering after a test file's environment was torn down) to the file named by
// VITEST_UNHANDLED_ERRORS_FILE. Vitest's JSON report does not carry them, yet they make `vitest run` exit 1,
// so .ci/run counts each of them as a failure.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((error) => ({
      name: error?.name ?? 'Error',
      message: String(error?.message ?? error),
      origin: error?.VITEST_TEST_PATH ?? null,
    }));
    fs.writeFileSync(file, JSON.stringify({ count: errors.length, errors }, null, 2));
  }
}
