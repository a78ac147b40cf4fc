import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ServiceError } from './http.js';
import { type EmbeddedWalletProject, frameContentSecurityPolicy } from './projects.js';

/**
 * The package's built frame app. This module is built to dist/server/frameFiles.js, so '../frame/' is
 * dist/frame/ (from the sources, pass `frameDir`).
 */
export const DEFAULT_FRAME_DIR = new URL('../frame/', import.meta.url);

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

export function frameDirPath(frameDir: string | URL | undefined): string {
  const dir = frameDir ?? DEFAULT_FRAME_DIR;
  const path = dir instanceof URL ? fileURLToPath(dir) : dir;
  return path.endsWith('/') ? path : `${path}/`;
}

async function fileOrMissing(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch {
    throw new ServiceError(503, 'frame_missing', 'The wallet frame is not built on this service');
  }
}

/** `/frame` → index.html, `/frame/<page>` → <page>.html, with the frame headers of PROTOCOL §3. */
export async function sendFramePage(
  response: ServerResponse,
  dir: string,
  page: 'index' | 'recovery' | 'approve' | 'logins',
  project: EmbeddedWalletProject,
  head: boolean,
) {
  const body = await fileOrMissing(`${dir}${page}.html`);
  response.statusCode = 200;
  response.setHeader('Content-Type', TYPES.html as string);
  response.setHeader('Content-Security-Policy', frameContentSecurityPolicy(project));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cache-Control', 'no-store');
  response.end(head ? undefined : body);
}

/** `/frame/assets/<hashed name>`: immutable. Only plain file names, so nothing outside assets/ is reachable. */
export async function sendFrameAsset(response: ServerResponse, dir: string, name: string, head: boolean) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) || name.includes('..')) throw new ServiceError(404, 'not_found', 'Not found');
  let body: Buffer;
  try {
    body = await readFile(`${dir}assets/${name}`);
  } catch {
    throw new ServiceError(404, 'not_found', 'Not found');
  }
  response.statusCode = 200;
  response.setHeader('Content-Type', TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  response.end(head ? undefined : body);
}
