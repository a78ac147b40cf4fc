import type { JSX } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { ReactModalOptions } from '../createModal.js';
import { Alert, Button, darkTheme, lightTheme, ListRow, TextInput, type ThemeTokens, type ThemeVariables, ViewHeader } from '../index.js';

describe('theme tokens', () => {
  it('the builders return a complete ThemeTokens and take a partial one', () => {
    expectTypeOf(darkTheme).returns.toEqualTypeOf<ThemeTokens>();
    expectTypeOf(lightTheme).returns.toEqualTypeOf<ThemeTokens>();
    expectTypeOf(darkTheme).parameter(0).toEqualTypeOf<Partial<ThemeTokens> | undefined>();
    expectTypeOf<ThemeTokens['--latch-color-bg']>().toEqualTypeOf<string>();
    expectTypeOf<ThemeTokens>().toHaveProperty('--latch-color-warning');
    expectTypeOf<ThemeTokens>().toHaveProperty('--latch-radius');
    expectTypeOf<ThemeTokens>().toHaveProperty('--latch-font-size');
    expectTypeOf<ThemeTokens>().toHaveProperty('--latch-font');
    // Only --latch-* names: a token outside the family cannot be declared.
    expectTypeOf<Exclude<keyof ThemeTokens, `--latch-${string}`>>().toBeNever();
  });

  it('rejects unknown tokens and non-string values in overrides', () => {
    // @ts-expect-error a misspelt token
    darkTheme({ '--latch-color-bgg': '#000' });
    // @ts-expect-error a colour is a string
    lightTheme({ '--latch-color-fg': 0 });
    // @ts-expect-error the private names are not tokens
    darkTheme({ '--muted': '#888' });
  });

  it('a token set is accepted by themeVariables (the option and setThemeVariables)', () => {
    const variables: ThemeVariables = darkTheme();
    const option: ReactModalOptions['themeVariables'] = lightTheme({ '--latch-color-accent': '#7b3fe4' });
    const mixed: ThemeVariables = { ...darkTheme(), '--latch-z-index': 10 };
    expectTypeOf([variables, option, mixed]).not.toBeAny();
  });
});

describe('building blocks', () => {
  it('have the shared contract signatures', () => {
    expectTypeOf(ViewHeader).returns.toEqualTypeOf<JSX.Element>();
    expectTypeOf(ViewHeader).parameter(0).toHaveProperty('title').toEqualTypeOf<string>();
    expectTypeOf(Button).parameter(0).toHaveProperty('variant').toEqualTypeOf<'primary' | 'secondary' | undefined>();
    expectTypeOf(Button).parameter(0).toHaveProperty('block').toEqualTypeOf<boolean | undefined>();
    expectTypeOf(Button).parameter(0).toHaveProperty('onClick');
    expectTypeOf(ListRow).parameter(0).toHaveProperty('onClick').toEqualTypeOf<(() => void) | undefined>();
    expectTypeOf(TextInput).parameter(0).toHaveProperty('label').toEqualTypeOf<string>();
    expectTypeOf(TextInput).parameter(0).toHaveProperty('error').toEqualTypeOf<string | undefined>();
    expectTypeOf(TextInput).parameter(0).toHaveProperty('onChange');
    expectTypeOf(Alert).parameter(0).toHaveProperty('variant').toEqualTypeOf<'info' | 'success' | 'warning' | 'error'>();
  });

  it('reject what the contract does not allow', () => {
    // @ts-expect-error TextInput needs a label
    TextInput({ value: 'x' });
    // @ts-expect-error no such variant
    Button({ variant: 'danger' });
    // @ts-expect-error Alert needs a variant
    Alert({ title: 'x' });
  });
});
