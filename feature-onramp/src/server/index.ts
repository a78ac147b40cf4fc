export { type CdpApiKey, createCdpJwtSigner } from './coinbaseJwt.js';
export {
  COINBASE_TOKEN_URL,
  createOnrampSessionHandler,
  type OnrampSessionHandler,
  type OnrampSessionHandlerOptions,
} from './sessionHandler.js';
