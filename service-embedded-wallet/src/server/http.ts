import type { IncomingMessage, ServerResponse } from 'node:http';
import { LatchError, pleaseTryAgainAfter } from '@latch/kernel';

/** Largest request body the service reads. */
export const MAX_BODY_BYTES = 16 * 1024;

/** An error answered as `{ error: { code, message } }` with its HTTP status (PROTOCOL.md §1); a `LatchError`, category `API_ERROR`. */
export class ServiceError extends LatchError {
  override readonly name: string = 'ServiceError';
  declare readonly code: string;
  constructor(
    readonly status: number,
    code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message, { category: 'API_ERROR', code });
  }
}

export const originNotAllowed = () => new ServiceError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed');
export const invalidProject = () => new ServiceError(404, 'invalid_project', 'Invalid Project ID');
export const rateLimited = (retryAfter: number) => new ServiceError(429, 'rate_limited', pleaseTryAgainAfter(retryAfter), { retryAfter });

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(JSON.stringify(body));
}

export function sendError(response: ServerResponse, error: ServiceError): void {
  const retryAfter = error.extra.retryAfter;
  sendJson(
    response,
    error.status,
    { error: { code: error.code, message: error.message, ...error.extra } },
    typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
  );
}

/** Reads the whole body, refusing more than `limit` bytes (413) before buffering it. */
export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () => new ServiceError(413, 'payload_too_large', `The request body is larger than ${limit / 1024} KiB`);
  if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The body as JSON (an empty body is `undefined`); 400 `invalid_json` when it does not parse. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new ServiceError(400, 'invalid_json', 'The request body is not valid JSON');
  }
}
