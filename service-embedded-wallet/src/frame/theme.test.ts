import { describe, expect, it } from 'vitest';
import { themeFromQuery } from './theme.js';

const read = (query: string) => themeFromQuery(new URLSearchParams(query));

describe('the frame pages take only cosmetic, checked values from the untrusted host', () => {
  it("takes the modal's mode, accent, radius, font and size", () => {
    expect(read('theme=light&accent=%232563eb&radius=4px&font=Inter,%20sans-serif&size=10px')).toEqual({
      mode: 'light',
      variables: {
        '--accent': '#2563eb',
        '--accent-text': '#ffffff',
        '--radius': 'calc(4px * 3)',
        '--font': 'Inter, sans-serif',
        '--size': 'calc(10px * 1.5)',
      },
    });
  });

  it('refuses an accent white text cannot be read on (the Approve button must stay legible)', () => {
    expect(read('accent=%23ffffff').variables).toEqual({});
    expect(read('accent=%23ffeb3b').variables).toEqual({});
    expect(read('accent=%23000').variables).toEqual({ '--accent': '#000000', '--accent-text': '#ffffff' });
  });

  it('refuses anything that is not a plain value: CSS injection, URLs, other units', () => {
    expect(read('accent=red;background:url(https://evil.example/x)').variables).toEqual({});
    expect(read('font=x;}body{display:none').variables).toEqual({});
    expect(read('radius=4em&size=1rem').variables).toEqual({});
    expect(read('theme=sepia').mode).toBeUndefined();
  });

  it('keeps sizes within bounds that leave every word of a request legible', () => {
    expect(read('size=2px').variables).toEqual({});
    expect(read('size=40px').variables).toEqual({});
    expect(read('radius=64px').variables).toEqual({});
    expect(read('size=14px').variables).toEqual({ '--size': 'calc(14px * 1.5)' });
  });
});
