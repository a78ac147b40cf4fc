import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from './options.js';

// The package README is where integrators read the options: every option of `ModalOptions` and every
// feature flag has its own row there, and the README states its rules in words (no spec section numbers).
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const optionsSource = readFileSync(new URL('./options.ts', import.meta.url), 'utf8');

/** The property names of `export interface ModalOptions { … }`, read from the source. */
function modalOptionNames(): string[] {
  const body = optionsSource.match(/export interface ModalOptions \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1] as string);
}

/** Table rows whose first cell names `name` in backticks. */
function hasRow(name: string): boolean {
  return readme.split('\n').some((line) => /^\| [^|]*`/.test(line) && (line.split('|')[1] ?? '').includes(`\`${name}\``));
}

describe('kernel/README.md', () => {
  it('has a row in the options table for every ModalOptions property', () => {
    const names = modalOptionNames();
    expect(names.length).toBeGreaterThan(25);
    expect(names.filter((name) => !hasRow(name))).toEqual([]);
  });

  it('has a row for every feature flag', () => {
    expect(FEATURE_NAMES.filter((flag) => !hasRow(flag))).toEqual([]);
  });

  it('cites no spec section numbers', () => {
    expect(readme).not.toContain('§');
  });
});
