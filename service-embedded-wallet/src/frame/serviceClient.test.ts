// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createServiceClient, SERVICE_UNAVAILABLE, ServiceReplyError } from './serviceClient.js';

function recordingFetch(respond: (request: Request) => Response) {
  const requests: { request: Request; init?: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ request, init });
    return respond(request);
  };
  return { fetch, requests };
}

const client = (fetch: typeof globalThis.fetch) =>
  createServiceClient({ projectId: 'demo', hostOrigin: 'https://shop.example', baseUrl: 'https://wallet.example', fetch });

describe('service client', () => {
  it('names the project and the host origin, sends the bearer token and no cookies', async () => {
    const { fetch, requests } = recordingFetch(() => Response.json({ addresses: {}, hasAuthShare: false }));
    await client(fetch).getWallet('token-1');
    const [{ request, init }] = requests as [{ request: Request; init?: RequestInit }];
    expect(request.url).toBe('https://wallet.example/api/wallet');
    expect(request.headers.get('x-latch-project')).toBe('demo');
    expect(request.headers.get('x-latch-host-origin')).toBe('https://shop.example');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
    expect(init?.credentials).toBe('omit');
  });

  it('takes the session token from the set-auth-token header', async () => {
    const { fetch } = recordingFetch(() =>
      Response.json({ token: 'body-token', user: { id: 'u1', email: 'a@b.test' } }, { headers: { 'set-auth-token': 'header-token' } }),
    );
    expect(await client(fetch).signIn('a@b.test', '123456')).toEqual({ token: 'header-token', user: { id: 'u1', email: 'a@b.test' } });
  });

  it('maps the service errors, better-auth codes, rate limits and an unreachable service', async () => {
    const rateLimited = recordingFetch(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'Please try again after 27 seconds', retryAfter: 27 } },
        { status: 429, headers: { 'retry-after': '27' } },
      ),
    );
    await expect(client(rateLimited.fetch).sendOtp('a@b.test')).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Please try again after 27 seconds',
      retryAfter: 27,
      status: 429,
    });
    const betterAuth = recordingFetch(() => Response.json({ code: 'OTP_EXPIRED', message: 'OTP expired' }, { status: 400 }));
    await expect(client(betterAuth.fetch).signIn('a@b.test', '123456')).rejects.toMatchObject({
      code: 'otp_expired',
      message: 'The code has expired',
    });
    const broken = recordingFetch(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(client(broken.fetch).getProject()).rejects.toMatchObject({ code: 'http_502', message: 'The service answered 502' });
    const down = async () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await client(down)
      .getProject()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceReplyError);
    expect(error).toMatchObject({ code: 'service_unavailable', message: SERVICE_UNAVAILABLE });
  });

  it('claims: 202 is pending, 200 gives the token (header first); an unknown session is a 401', async () => {
    const pending = recordingFetch(() => Response.json({ status: 'pending' }, { status: 202 }));
    expect(await client(pending.fetch).claimSocialIntent('abc', 'v')).toEqual({ pending: true });
    const [{ request }] = pending.requests as [{ request: Request }];
    expect(request.url).toBe('https://wallet.example/api/social/intents/abc/claim');
    expect(await request.json()).toEqual({ verifier: 'v' });
    const done = recordingFetch(() => Response.json({ token: 'body' }, { headers: { 'set-auth-token': 'header' } }));
    expect(await client(done.fetch).claimFarcasterChannel('c1', 'v')).toEqual({ token: 'header' });
    expect(await (done.requests.at(-1) as { request: Request }).request.json()).toEqual({ verifier: 'v' });
    // A link or a confirmation finishes without a session; a redirect sign-in's claim carries its browser code.
    const linked = recordingFetch(() => Response.json({ linked: true, social: { provider: 'google' } }));
    expect(await client(linked.fetch).claimSocialIntent('abc', 'v', { token: 't', code: 'c' })).toEqual({ linked: true });
    const [{ request: linkClaim }] = linked.requests as [{ request: Request }];
    expect(linkClaim.headers.get('authorization')).toBe('Bearer t');
    expect(await linkClaim.json()).toEqual({ verifier: 'v', code: 'c' });
    const empty = recordingFetch(() => Response.json({}));
    await expect(client(empty.fetch).claimSocialIntent('abc', 'v')).rejects.toMatchObject({ code: 'bad_response' });
    const failed = recordingFetch(() => Response.json({ error: { code: 'state_mismatch', message: 'state mismatch' } }, { status: 400 }));
    await expect(client(failed.fetch).claimSocialIntent('abc', 'v')).rejects.toMatchObject({ code: 'state_mismatch', status: 400 });
    const gone = recordingFetch(() => Response.json(null));
    await expect(client(gone.fetch).getSessionUser('t')).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    const user = recordingFetch(() => Response.json({ session: {}, user: { id: 'u1', email: '1@farcaster.invalid', name: 'dwr' } }));
    expect(await client(user.fetch).getSessionUser('t')).toEqual({ id: 'u1', email: '1@farcaster.invalid', name: 'dwr' });
  });
});
