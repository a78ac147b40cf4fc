import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { AUTH_CODE_ERRORS } from '@latch/connector-embedded/protocol';
import { parseJson, rateLimited, ServiceError } from './http.js';
import { parseBody } from './parseBody.js';
import type { Take } from './rateLimit.js';

/** The auth routes the frame uses; better-auth's other endpoints are not exposed. */
const AUTH_ROUTES = new Set([
  'POST /api/auth/email-otp/send-verification-otp',
  'POST /api/auth/sign-in/email-otp',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
]);

/** better-auth's error codes, in the words of PROTOCOL.md §2 (the frame shows the same texts). */
const AUTH_ERRORS: Record<string, readonly [code: string, message: string]> = {
  ...AUTH_CODE_ERRORS,
  INVALID_EMAIL: ['invalid_email', 'Enter a valid e-mail address'],
};

const EMAIL = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('Enter a valid e-mail address'));
const SendBody = v.object({ email: EMAIL, type: v.literal('sign-in', "type must be 'sign-in'") });
const SignInBody = v.object({ email: EMAIL, otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'The code is 6 digits')) });

export interface AuthRouteOptions {
  serviceOrigin: string;
  handler: () => Promise<(request: Request) => Promise<Response>>;
  takeSendSlot(email: string, ip: string): Promise<Take>;
  takeVerifySlot(email: string): Promise<Take>;
  /** Mail failures better-auth swallowed, by address (the route answers 502 instead of a silent success). */
  mailFailures: Map<string, unknown>;
  /** Ties the session a sign-in just created (its token) to the caller's project and host page. */
  bindSignIn(token: string): Promise<void>;
  /** Checks the bearer session belongs to the caller's project and host page (401 otherwise). */
  checkSession(request: IncomingMessage): Promise<unknown>;
  clientIp(request: IncomingMessage): string;
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** `/api/auth/*`: the four better-auth routes, with the service's limits and wording in front. */
export async function authRoute(options: AuthRouteOptions, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  const route = `${request.method} ${url.pathname}`;
  if (!AUTH_ROUTES.has(route)) throw new ServiceError(404, 'not_found', 'Not found');
  const json = parseJson(body);
  let release: (() => Promise<void>) | undefined;
  let mailEmail: string | undefined;
  let forward = body;
  if (route === 'POST /api/auth/email-otp/send-verification-otp') {
    const { email, type } = parseBody(SendBody, json);
    const taken = await options.takeSendSlot(email, options.clientIp(request));
    if (!taken.ok) throw rateLimited(taken.retryAfter);
    release = taken.release;
    mailEmail = email;
    options.mailFailures.delete(email);
    forward = Buffer.from(JSON.stringify({ email, type }));
  } else if (route === 'POST /api/auth/sign-in/email-otp') {
    const { email, otp } = parseBody(SignInBody, json);
    const taken = await options.takeVerifySlot(email);
    if (!taken.ok) throw rateLimited(taken.retryAfter);
    forward = Buffer.from(JSON.stringify({ email, otp }));
  } else if (route === 'GET /api/auth/get-session' && request.headers.authorization) {
    await options.checkSession(request);
  }
  const headers = headersOf(request);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  const answer = await (await options.handler())(
    new Request(new URL(`${url.pathname}${url.search}`, options.serviceOrigin), {
      method: request.method,
      headers,
      body: hasBody ? new Uint8Array(forward) : undefined,
    }),
  );
  const text = await answer.text();
  if (answer.status >= 400) {
    await release?.();
    let code = 'auth_error';
    let message = 'Sign-in failed';
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      [code, message] = AUTH_ERRORS[parsed.code ?? ''] ?? [parsed.code?.toLowerCase() ?? code, parsed.message ?? message];
    } catch {
      // not JSON: keep the generic words
    }
    if (answer.status >= 500 && release) throw new ServiceError(502, 'send_failed', 'The code could not be sent: try again in a moment');
    throw new ServiceError(answer.status, code, message);
  }
  if (mailEmail !== undefined && options.mailFailures.has(mailEmail)) {
    const failure = options.mailFailures.get(mailEmail);
    options.mailFailures.delete(mailEmail);
    await release?.();
    console.error('[embedded wallet service] could not send the code mail:', failure instanceof Error ? failure.message : failure);
    throw new ServiceError(502, 'send_failed', 'The code could not be sent: try again in a moment');
  }
  const token = answer.headers.get('set-auth-token');
  if (route === 'POST /api/auth/sign-in/email-otp' && token) await options.bindSignIn(token);
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) {
    // Bearer sessions only: the frame keeps the token; a cross-site iframe cannot rely on cookies.
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') continue;
    response.setHeader(name, value);
  }
  response.setHeader('Cache-Control', 'no-store');
  response.end(text);
}
