export { clientAddress, forwardedEntries, requestOrigin } from './forwarded.js';
