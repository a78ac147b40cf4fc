#!/usr/bin/env node
import { parseArgs } from 'node:util';
import type { NameServiceLimits, RateLimit } from './limits.js';
import { startNameService } from './startNameService.js';

const HELP = `latch-name-service: the reference name service of @latch/feature-names

  --suffix <domain>              names end with it, e.g. latch.id (required)
  --port <n>                     default 8787 (0: a free port)
  --host <address>               default 127.0.0.1
  --database <url>               a Postgres connection string (default: PGlite in memory, or --data-dir);
                                 several instances on one Postgres share names and limits
  --data-dir <path>              keep PGlite's data in this folder (one instance only)
  --allowed-origin <url>         a page origin allowed to call it (repeat; default: none)
  --public-url <url>             the URL clients reach the service at (repeat); registrations signed for
                                 another service are refused (default: the request's own Host)
  --trust-proxy                  one reverse proxy or load balancer in front (same as --proxies 1)
  --proxies <n>                  n proxies in front, each appending to X-Forwarded-For (default 0)
  --registrations-per-ip <n/s>   at most n registrations per client IP in s seconds (default 10/3600; off)
  --registrations <n/s>          at most n names stored by the service in s seconds (default 1000/3600; off)
  --lookups-per-ip <n/s>         at most n reads per client IP in s seconds (default 600/60; off)
  --names-per-address <n>        names one address may hold (default 1; off)
  --rpc <chainId>=<url>          verify smart-account signatures on that chain (repeat)
`;

function fail(message: string): never {
  console.error(`latch-name-service: ${message}\n\n${HELP}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    suffix: { type: 'string' },
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    database: { type: 'string' },
    'data-dir': { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    'public-url': { type: 'string', multiple: true },
    'trust-proxy': { type: 'boolean' },
    proxies: { type: 'string' },
    'registrations-per-ip': { type: 'string' },
    registrations: { type: 'string' },
    'lookups-per-ip': { type: 'string' },
    'names-per-address': { type: 'string' },
    rpc: { type: 'string', multiple: true },
    help: { type: 'boolean' },
  },
});

if (values.help || !values.suffix) {
  console.log(HELP);
  process.exit(values.help ? 0 : 1);
}

/** `<max>/<seconds>` or `off`; undefined when the flag is absent (the default applies). */
function rateFlag(flag: string, text: string | undefined): RateLimit | false | undefined {
  if (text === undefined) return undefined;
  if (text === 'off') return false;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) fail(`--${flag} takes <max>/<seconds> (e.g. 10/3600) or off, not '${text}'`);
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

const limits: NameServiceLimits = {};
const perIp = rateFlag('registrations-per-ip', values['registrations-per-ip']);
if (perIp !== undefined) limits.registrationsPerIp = perIp;
const overall = rateFlag('registrations', values.registrations);
if (overall !== undefined) limits.registrations = overall;
const lookups = rateFlag('lookups-per-ip', values['lookups-per-ip']);
if (lookups !== undefined) limits.lookupsPerIp = lookups;
const cap = values['names-per-address'];
if (cap !== undefined) limits.namesPerAddress = cap === 'off' ? false : Number(cap);

const proxies = values.proxies === undefined ? (values['trust-proxy'] ? 1 : 0) : Number(values.proxies);
if (!/^\d+$/.test(values.proxies ?? '0')) fail(`--proxies takes a whole number, not '${values.proxies}'`);

const rpcUrls = Object.fromEntries(
  (values.rpc ?? []).map((entry) => {
    const [chainId, ...url] = entry.split('=');
    return [Number(chainId), url.join('=')];
  }),
);
let onDisk: import('@electric-sql/pglite').PGlite | undefined;
if (!values.database && values['data-dir']) {
  const { PGlite } = await import('@electric-sql/pglite');
  onDisk = new PGlite(values['data-dir']);
}
const database = values.database ?? onDisk;
const service = await startNameService({
  suffix: values.suffix,
  port: Number(values.port),
  host: values.host,
  database,
  allowedOrigins: values['allowed-origin'],
  publicUrls: values['public-url'],
  trustProxy: proxies,
  limits,
  rpcUrls,
}).catch((error: Error) => fail(error.message));
console.log(`latch name service for *.${values.suffix} on ${service.url}`);
const stop = () =>
  void service
    .stop()
    .then(() => onDisk?.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
