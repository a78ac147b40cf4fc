import { type NextRequest, NextResponse } from 'next/server';
import { contentSecurityPolicy, readConfig } from './app/config';

/**
 * Next's proxy (formerly middleware): a fresh nonce per request, in the CSP header and in the
 * `x-nonce` request header, where Next reads it to put it on its own scripts.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(readConfig(), nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  // Pages only: static files and Next's prefetches need no nonce.
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)', missing: [{ type: 'header', key: 'next-router-prefetch' }] }],
};
