export {
  FRAME_LOAD_TIMEOUT_MS,
  MAX_MESSAGE_BYTES,
  PROTOCOL_MARKER,
  PROTOCOL_VERSION,
  RECOVERY_CHANNEL_NAME,
  REQUEST_TIMEOUT_MS,
  randomId,
} from './constants.js';
export { isEnvelope, type ParseError, type ParseResult, parseReply, parseRequest } from './parse.js';
export {
  type EmbeddedUser,
  type Envelope,
  type ErrorPayload,
  type ErrorReply,
  type FrameEvent,
  type FrameReply,
  type FrameRequest,
  REQUEST_TYPES,
  type RecoveryChannelMessage,
  RecoveryChannelSchema,
  type RequestPayload,
  type RequestType,
  type SuccessPayload,
  type SuccessReply,
} from './schemas.js';
