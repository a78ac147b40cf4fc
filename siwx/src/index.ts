export { createSiwxClient, type SiwxClient, type SiwxClientOptions } from './client/createSiwxClient.js';
export { createSiwxMessage } from './message/createSiwxMessage.js';
export { parseSiwxMessage } from './message/parseSiwxMessage.js';
export { SiwxMessageError } from './message/SiwxMessageError.js';
export type { SiwxMessage } from './message/types.js';
export type { SiwxSession } from './session.js';
