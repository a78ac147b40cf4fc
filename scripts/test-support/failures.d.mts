import type { Reporter, TestModule } from 'vitest/node';

export function firstLine(message: unknown): string;
export default class FailureReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string; stack?: string }>): void;
}
export function playwrightFailures(report: unknown): string[];
