/**
 * §9 says only "several mainland-China and Hong Kong/Macau zones (exact list not shown)". This is
 * Latch's reading of it: the canonical IANA zones of mainland China, Hong Kong and Macau, which is
 * what browsers report (`Intl` resolves the aliases Asia/Chongqing, Asia/Harbin, PRC, Hongkong…
 * to these). Integrators can pass their own list with `restrictedTimeZones`.
 */
export const DEFAULT_RESTRICTED_TIME_ZONES: readonly string[] = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau'];

/** The visitor's IANA time zone, as the runtime tells it. */
export const visitorTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;
