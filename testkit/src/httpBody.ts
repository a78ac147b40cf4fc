import type { IncomingMessage } from 'node:http';

/** A request's body as UTF-8, or undefined once it grows past `maxBytes` (the stand-ins answer 413). */
export async function readBodyUpTo(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
