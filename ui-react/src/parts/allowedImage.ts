/** Raster and vector types an `<img>` renders without running anything. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/**
 * Whether the modal may load an image: data: images always (no request); http(s) only from a
 * host the integrator listed in `imageHosts` (hostname, host:port or origin). Anything else gets
 * a placeholder, so no request leaves for a host nobody configured.
 */
export function isAllowedImage(url: string | undefined, hosts: readonly string[] | undefined): url is string {
  if (typeof url !== 'string' || url === '') return false;
  if (DATA_IMAGE.test(url)) return true;
  if (!hosts?.length) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return hosts.some((entry) =>
    entry.includes('://') ? entry.replace(/\/+$/, '') === parsed.origin : entry === parsed.host || entry === parsed.hostname,
  );
}
