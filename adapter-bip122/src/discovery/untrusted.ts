import { readUntrustedProperty } from '@latch/kernel';

const DATA_IMAGE_URI = /^data:image\/[a-z0-9.+-]+[;,]/i;
const MAX_NAME_LENGTH = 100;

/** A trimmed, non-empty string of reasonable length, or undefined. */
export function readName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= MAX_NAME_LENGTH ? trimmed : undefined;
}

/** A `data:image/…` URI, or undefined: a remote icon URL would leak the visitor's IP to a third party. */
export function readDataIcon(value: unknown): string | undefined {
  return typeof value === 'string' && DATA_IMAGE_URI.test(value.trim()) ? value.trim() : undefined;
}

/** The items of an array-like untrusted value (a proxy, a getter that throws…); empty when it is not an array. */
export function readList(value: unknown, max: number): unknown[] {
  try {
    if (!Array.isArray(value)) return [];
    const length = Math.min(Number(readUntrustedProperty(value, 'length')) || 0, max);
    return Array.from({ length }, (_, i) => readUntrustedProperty(value, String(i)));
  } catch {
    return [];
  }
}

export function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
