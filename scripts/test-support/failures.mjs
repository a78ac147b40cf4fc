// What failed in a run of `npm test`, one line each, for the end of its output: a CI log is often read from its tail,
// and by then each runner's own report of a failure is hundreds of lines up (or, for a Vitest hook, nowhere in its
// JSON report: a failed `beforeAll` leaves its tests "skipped" there, with no error).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of an error's message, trimmed and bounded (the runners print the rest above). */
export function firstLine(message) {
  const [line = ''] = stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n');
  const text = line.trim();
  return text.length > 240 ? `${text.slice(0, 239)}…` : text || '(no message)';
}

const errorLine = (errors) => firstLine(errors[0]?.message ?? errors[0]?.stack);
/** ` (N tests did not run)` for the tests a failed hook of `suite` (a file or a describe block) kept from running. */
function didNotRun(suite) {
  const count = [...suite.children.allTests('skipped')].length;
  return count ? ` (${count} test${count === 1 ? '' : 's'} did not run)` : '';
}

/**
 * A Vitest reporter (`--reporter=./scripts/test-support/failures.mjs`) that writes the run's failures, one line each,
 * as a JSON array to the file named by LATCH_FAILURES_FILE: a file that could not load, a hook that failed (with how
 * many tests it kept from running), a failed test, an error outside any test.
 */
export default class FailureReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.LATCH_FAILURES_FILE;
    if (!file) return;
    writeFileSync(file, `${JSON.stringify(vitestFailures(testModules, unhandledErrors), null, 2)}\n`);
  }
}

/** The failure lines of a Vitest run, from the reporter API's test modules and errors outside them. */
function vitestFailures(testModules, unhandledErrors = []) {
  const lines = [];
  for (const module of testModules) {
    const where = relative(process.cwd(), module.moduleId);
    if (module.errors().length) lines.push(`${where}: ${errorLine(module.errors())}${didNotRun(module)}`);
    for (const suite of module.children.allSuites()) {
      if (suite.errors().length) lines.push(`${where} › ${suite.fullName}: ${errorLine(suite.errors())}${didNotRun(suite)}`);
    }
    for (const test of module.children.allTests('failed')) {
      lines.push(`${where} › ${test.fullName}: ${errorLine(test.result().errors ?? [])}`);
    }
  }
  for (const error of unhandledErrors) lines.push(`an error outside any test: ${firstLine(error.message ?? error.stack)}`);
  return lines;
}

/** The failure lines of a Playwright JSON report: a test that failed on every try, an error outside any test. */
export function playwrightFailures(report) {
  const lines = (report.errors ?? []).map((error) => `an error outside any test: ${firstLine(error.message ?? error.stack)}`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const last = test.results.at(-1);
        const errors = last?.errors?.length ? last.errors : last?.error ? [last.error] : [];
        lines.push(`${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')}: ${errorLine(errors)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) visit(file, []);
  return lines;
}
