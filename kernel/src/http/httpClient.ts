import { httpStatusError } from '../errors/sharedCodes.js';

/** §7 generic HTTP client: JSON in, JSON out, one base URL. */
export type QueryParamValue = string | number | boolean | null | undefined;

export interface HttpRequestOptions {
  /** Added to the query string only when truthy. */
  params?: Record<string, QueryParamValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type HttpGetOptions = Omit<HttpRequestOptions, 'body'>;

export interface HttpClientOptions {
  baseUrl: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export interface HttpClient {
  get<T>(path: string, options?: HttpGetOptions): Promise<T>;
  post<T>(path: string, options?: HttpRequestOptions): Promise<T>;
  put<T>(path: string, options?: HttpRequestOptions): Promise<T>;
  delete<T>(path: string, options?: HttpRequestOptions): Promise<T>;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createHttpClient(clientOptions: HttpClientOptions): HttpClient {
  const baseUrl = clientOptions.baseUrl.replace(/\/+$/, '');

  function buildUrl(path: string, params: HttpRequestOptions['params']): URL {
    const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value) url.searchParams.append(key, String(value));
    }
    return url;
  }

  async function request<T>(method: HttpMethod, path: string, options: HttpRequestOptions = {}): Promise<T> {
    const hasBody = method !== 'GET' && options.body !== undefined;
    const headers: Record<string, string> = {
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...clientOptions.headers,
      ...options.headers,
    };
    // Resolved per call so a host can polyfill fetch after import; called unbound to avoid "Illegal invocation".
    const doFetch = clientOptions.fetch ?? globalThis.fetch;
    const response = await doFetch(buildUrl(path, options.params), {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.ok) {
      // Releases the connection; the error body is not part of the contract.
      await response.body?.cancel().catch(() => undefined);
      throw httpStatusError(response.status);
    }
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}
