#!/usr/bin/env node
import { CLI_HELP, CliConfigError, parseCliConfig } from './cliConfig.js';
import { startEmbeddedWalletService } from './startEmbeddedWalletService.js';

let config: ReturnType<typeof parseCliConfig>;
try {
  config = parseCliConfig(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`latch-embedded-wallet-service: ${(error as Error).message}\n`);
  console.error(CLI_HELP);
  process.exit(error instanceof CliConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
}
if (config.help || !config.options) {
  console.log(CLI_HELP);
  process.exit(0);
}
const { options } = config;
if (config.generatedSecret) {
  console.warn(
    'latch-embedded-wallet-service: no LATCH_EMBEDDED_SECRET given: using a random one, so sessions end when the service stops.',
  );
}
if (!options.database && !options.dataDir) {
  console.warn('latch-embedded-wallet-service: no --data-dir or DATABASE_URL: the database is in memory and lost when the service stops.');
}
const service = await startEmbeddedWalletService(options).catch((error: unknown) => {
  console.error('latch-embedded-wallet-service: failed to start:', error);
  process.exit(1);
});
const storage = options.database ? 'Postgres' : options.dataDir ? `PGlite in ${options.dataDir}` : 'PGlite in memory';
console.log(
  `latch embedded wallet service on ${service.url} (${storage}; projects: ${options.projects.map((project) => project.id).join(', ')})`,
);
const stop = () => void service.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
