#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startNameService } from './startNameService.js';

const HELP = `latch-name-service: the reference name service of @latch/feature-names

  --suffix <domain>        names end with it, e.g. latch.id (required)
  --port <n>               default 8787 (0: a free port)
  --host <address>         default 127.0.0.1
  --database <url>         a Postgres connection string (default: PGlite in memory, or --data-dir)
  --data-dir <path>        keep PGlite's data in this folder
  --allowed-origin <url>   a page origin allowed to call it (repeat; default: any)
  --rpc <chainId>=<url>    verify smart-account signatures on that chain (repeat)
`;

const { values } = parseArgs({
  options: {
    suffix: { type: 'string' },
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    database: { type: 'string' },
    'data-dir': { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    rpc: { type: 'string', multiple: true },
    help: { type: 'boolean' },
  },
});

if (values.help || !values.suffix) {
  console.log(HELP);
  process.exit(values.help ? 0 : 1);
}

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
  rpcUrls,
});
console.log(`latch name service for *.${values.suffix} on ${service.url}`);
const stop = () =>
  void service
    .stop()
    .then(() => onDisk?.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
