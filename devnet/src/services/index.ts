export { freePort } from './freePort.js';
export { postgresAvailable, postgresBinDir, startPostgres, type PostgresFixture, type PostgresOptions } from './postgres.js';
export { startRoundRobinProxy, type RoundRobinProxy, type RoundRobinProxyOptions } from './roundRobinProxy.js';
export { startServiceProcess, type ServiceProcess, type ServiceProcessOptions } from './serviceProcess.js';
export { startFlakyProxy, type FlakyProxy, type FlakyProxyOptions, type ProxiedRequest } from './flakyProxy.js';
export {
  type CoinbaseTokenRequest,
  type OnrampRequest,
  type OnrampStandIn,
  startOnrampStandIn,
  WEI_PER_FIAT_UNIT,
} from '../onramp/standIn.js';
