import { RPC_TIMEOUT_MS } from '../constants.js';

/** What the NFTs tab shows of a token's ERC-721 metadata JSON. */
export interface TokenMetadata {
  name?: string;
  description?: string;
  imageUrl?: string;
}

/** Where metadata may come from: hosts the integrator allowed, and the IPFS gateway they chose. */
export interface MetadataPolicy {
  hosts: readonly string[];
  ipfsGateway?: string;
}

/** Metadata JSON beyond this is not worth parsing for a name and an image. */
const MAX_METADATA_CHARS = 256 * 1024;
const MAX_TEXT_CHARS = 1_000;

function gatewayBase(gateway: string | undefined): string | undefined {
  if (typeof gateway !== 'string') return undefined;
  try {
    const url = new URL(gateway);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
  } catch {
    return undefined;
  }
}

/** `ipfs://CID/path` (or `ipfs://ipfs/CID/path`) on the configured gateway; undefined without one. */
export function ipfsToGateway(uri: string, gateway: string | undefined): string | undefined {
  const base = gatewayBase(gateway);
  const path = uri.slice('ipfs://'.length).replace(/^ipfs\//, '');
  if (!base || path === '' || path.startsWith('/')) return undefined;
  return `${base}${path}`;
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `data:application/json[;charset=…][;base64],…` decoded locally; undefined when it is not one. */
export function decodeJsonDataUri(uri: string): string | undefined {
  const comma = uri.indexOf(',');
  if (!uri.startsWith('data:') || comma < 0) return undefined;
  const params = uri.slice(5, comma).toLowerCase().split(';');
  if (params[0]?.trim() !== 'application/json') return undefined;
  const payload = uri.slice(comma + 1);
  try {
    if (params.includes('base64')) {
      const binary = atob(payload.replace(/\s+/g, ''));
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    }
    return decodeURIComponent(payload);
  } catch {
    // Not valid base64 / percent-encoding: the raw text may still be plain JSON.
    return params.includes('base64') ? undefined : payload;
  }
}

function shortText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text.slice(0, MAX_TEXT_CHARS);
}

/** An image the UI can load: http(s), an inline `data:image/…`, or ipfs:// through the configured gateway. */
export function toImageUrl(value: unknown, policy: MetadataPolicy): string | undefined {
  if (typeof value !== 'string') return undefined;
  const image = value.trim();
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(image)) return image;
  if (image.startsWith('ipfs://')) return ipfsToGateway(image, policy.ipfsGateway);
  return httpUrl(image)?.href;
}

/** The fields we show from a metadata JSON text; nothing when it is not a JSON object. */
export function readMetadataJson(text: string | undefined, policy: MetadataPolicy): TokenMetadata {
  if (text === undefined || text.length > MAX_METADATA_CHARS) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  const fields = json as Record<string, unknown>;
  const metadata: TokenMetadata = {};
  const name = shortText(fields.name);
  const description = shortText(fields.description);
  const imageUrl = toImageUrl(fields.image ?? fields.image_url, policy);
  if (name) metadata.name = name;
  if (description) metadata.description = description;
  if (imageUrl) metadata.imageUrl = imageUrl;
  return metadata;
}

function isAllowedHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return hosts.some((allowed) => typeof allowed === 'string' && [host, hostname].includes(allowed.trim().toLowerCase()));
}

/** The URL the metadata may be fetched from, or undefined when the policy does not allow it (the default). */
export function metadataUrl(uri: string, policy: MetadataPolicy): URL | undefined {
  if (uri.startsWith('ipfs://')) {
    const mapped = ipfsToGateway(uri, policy.ipfsGateway);
    return mapped === undefined ? undefined : httpUrl(mapped); // the integrator chose the gateway: its host is allowed
  }
  const url = httpUrl(uri);
  return url && isAllowedHost(url, policy.hosts) ? url : undefined;
}

async function fetchMetadataText(url: URL, signal: AbortSignal | undefined): Promise<string | undefined> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(), RPC_TIMEOUT_MS);
  try {
    // No cookies, no referrer, no redirect to a host the integrator did not allow.
    const response = await fetch(url, {
      signal: controller.signal,
      redirect: 'error',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    return await response.text();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * A token's metadata from its `tokenURI`: `data:` JSON is decoded here; an http(s) or ipfs URI is
 * fetched only from an allowed host. Anything unreadable gives `{}`: the token is still listed.
 */
export async function resolveTokenMetadata(uri: unknown, policy: MetadataPolicy, signal?: AbortSignal): Promise<TokenMetadata> {
  if (typeof uri !== 'string') return {};
  const trimmed = uri.trim();
  if (trimmed.startsWith('data:')) return readMetadataJson(decodeJsonDataUri(trimmed), policy);
  if (trimmed.startsWith('{')) return readMetadataJson(trimmed, policy);
  const url = metadataUrl(trimmed, policy);
  if (!url) return {};
  try {
    return readMetadataJson(await fetchMetadataText(url, signal), policy);
  } catch {
    return {};
  }
}
