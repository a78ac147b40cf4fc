import * as v from 'valibot';
import { ServiceError } from './http.js';

/** A request body checked against `schema`; 400 `invalid_request` naming the field otherwise. */
export function parseBody<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.');
    throw new ServiceError(400, 'invalid_request', path && issue.kind !== 'validation' ? `${path}: ${issue.message}` : issue.message);
  }
  return result.output;
}
