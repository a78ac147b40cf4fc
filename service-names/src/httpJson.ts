import type { IncomingMessage, ServerResponse } from 'node:http';
import { NameServiceError } from './registration.js';

export function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

/** The body as JSON, at most `limit` bytes (413 beyond, 400 when it is not JSON). */
export async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new NameServiceError(413, 'The request body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new NameServiceError(400, 'The request body is not JSON');
  }
}

/** The path's segments, percent-decoded; a malformed escape is the client's mistake (400), not the service's. */
export function pathSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new NameServiceError(400, 'The URL has a malformed percent-encoding');
  }
}
