// The relay's two request bodies, checked the way its Fastify server does it (JSON Schema through Ajv with
// Fastify's defaults: scalars coerced to the declared type, unknown properties removed, first error only), so the
// stand-in answers the same 400 `{ error: 'Validation error', message }` for the same input.

type Field =
  | { type: 'string'; pattern?: RegExp; format?: 'uri' | 'date-time' }
  | { type: 'integer' }
  | { type: 'boolean' }
  | { type: 'string'; enum: readonly string[] };

interface ObjectSchema {
  properties: Readonly<Record<string, Field>>;
  required: readonly string[];
}

export const CREATE_CHANNEL_SCHEMA: ObjectSchema = {
  properties: {
    siweUri: { type: 'string', format: 'uri' },
    domain: { type: 'string', pattern: /^[a-zA-Z0-9.-]+(:[0-9]+)?$/ },
    nonce: { type: 'string' },
    notBefore: { type: 'string', format: 'date-time' },
    expirationTime: { type: 'string', format: 'date-time' },
    requestId: { type: 'string' },
    redirectUrl: { type: 'string' },
    acceptAuthAddress: { type: 'boolean' },
  },
  required: ['siweUri', 'domain'],
};

export const AUTHENTICATE_SCHEMA: ObjectSchema = {
  properties: {
    message: { type: 'string' },
    signature: { type: 'string', pattern: /^0x[a-fA-F0-9]{130}$/ },
    authMethod: { type: 'string', enum: ['custody', 'authAddress'] },
    fid: { type: 'integer' },
    username: { type: 'string', pattern: /^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/ },
    bio: { type: 'string' },
    displayName: { type: 'string' },
    pfpUrl: { type: 'string', format: 'uri' },
  },
  required: ['message', 'signature', 'fid'],
};

const DATE_TIME = /^\d{4}-\d\d-\d\d[t\s]\d\d:\d\d:\d\d(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)$/i;

function matchesFormat(value: string, format: 'uri' | 'date-time'): boolean {
  if (format === 'date-time') return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function coerce(value: unknown, field: Field): { ok: true; value: unknown } | { ok: false } {
  if (field.type === 'string') {
    if (typeof value === 'string') return { ok: true, value };
    if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, value: String(value) };
    if (value === null) return { ok: true, value: '' };
    return { ok: false };
  }
  if (field.type === 'integer') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'boolean' ? Number(value) : value;
    if (value === null) return { ok: true, value: 0 };
    return typeof number === 'number' && Number.isInteger(number) ? { ok: true, value: number } : { ok: false };
  }
  if (typeof value === 'boolean') return { ok: true, value };
  if (value === 'true' || value === 1) return { ok: true, value: true };
  if (value === 'false' || value === 0 || value === null) return { ok: true, value: false };
  return { ok: false };
}

/** The body with known properties coerced and unknown ones removed, or Ajv's message for the first error. */
export function validateBody<T>(schema: ObjectSchema, body: unknown): { ok: true; value: T } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'body must be object' };
  const input = body as Record<string, unknown>;
  for (const name of schema.required)
    if (!(name in input) || input[name] === undefined) return { ok: false, message: `body must have required property '${name}'` };
  const output: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if (!(name in input) || input[name] === undefined) continue;
    const coerced = coerce(input[name], field);
    const type = field.type === 'integer' ? 'integer' : field.type;
    if (!coerced.ok) return { ok: false, message: `body/${name} must be ${type}` };
    const value = coerced.value;
    if (typeof value === 'string' && 'pattern' in field && field.pattern && !field.pattern.test(value))
      return { ok: false, message: `body/${name} must match pattern "${field.pattern.source}"` };
    if (typeof value === 'string' && 'format' in field && field.format && !matchesFormat(value, field.format))
      return { ok: false, message: `body/${name} must match format "${field.format}"` };
    if (typeof value === 'string' && 'enum' in field && !field.enum.includes(value))
      return { ok: false, message: `body/${name} must be equal to one of the allowed values` };
    output[name] = value;
  }
  return { ok: true, value: output as T };
}
