// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createServiceClient, SERVICE_UNAVAILABLE, ServiceError } from './serviceClient.js';

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
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'service_unavailable', message: SERVICE_UNAVAILABLE });
  });
});
