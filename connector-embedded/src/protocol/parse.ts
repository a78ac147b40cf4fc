import { type BaseIssue, type GenericSchema, getDotPath, is, safeParse, union } from 'valibot';
import { MAX_MESSAGE_BYTES } from './constants.js';
import {
  EnvelopeSchema,
  REQUEST_TYPES,
  ErrorReplySchema,
  EventSchema,
  type FrameReply,
  type FrameRequest,
  RequestSchema,
  SuccessReplySchema,
} from './schemas.js';

/** Why a message was refused; `id` and `type` are set when the message carried a well-formed envelope id. */
export interface ParseError {
  code: 'invalid_message';
  message: string;
  id?: string;
  type?: string;
}

export type ParseResult<Message> = { ok: true; message: Message } | { ok: false; error: ParseError };

const ReplySchema = union([SuccessReplySchema, ErrorReplySchema, EventSchema]);

/** True when `data` has the `{ latch: 'embedded', v: 1, id, type }` envelope (payload not checked). */
export function isEnvelope(data: unknown): boolean {
  return is(EnvelopeSchema, data);
}

/** The `JSON.stringify` length of `data`, or `undefined` when it cannot be serialised (cycles, BigInt). */
function messageSize(data: unknown): number | undefined {
  try {
    return JSON.stringify(data)?.length;
  } catch {
    return undefined;
  }
}

function parse<Message>(
  schema: GenericSchema<unknown, Message>,
  data: unknown,
  what: string,
  isKnownType: (type: string) => boolean,
): ParseResult<Message> {
  const envelope = safeParse(EnvelopeSchema, data);
  const address = envelope.success ? { id: envelope.output.id, type: envelope.output.type } : {};
  const size = messageSize(data);
  if (size === undefined) return fail('The message cannot be serialised as JSON', address);
  if (size > MAX_MESSAGE_BYTES) return fail(`The message is too large (${size} bytes; the limit is ${MAX_MESSAGE_BYTES})`, address);
  if (!envelope.success) return fail(`Not a Latch embedded-wallet message: ${describe(envelope.issues)}`, address);
  const result = safeParse(schema, data);
  if (!result.success) {
    const { type } = envelope.output;
    return fail(isKnownType(type) ? `Invalid ${what} "${type}": ${describe(result.issues)}` : `Unknown ${what} type "${type}"`, address);
  }
  return { ok: true, message: result.output };
}

/** One line per issue, joined: `payload.otp: The code is 6 digits`. */
function describe(issues: readonly BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function fail(message: string, address: { id?: string; type?: string }): { ok: false; error: ParseError } {
  return { ok: false, error: { code: 'invalid_message', message, ...address } };
}

/** Parses a host → frame request: size ≤ MAX_MESSAGE_BYTES, envelope, a known `type`, its payload. */
export function parseRequest(data: unknown): ParseResult<FrameRequest> {
  return parse(RequestSchema, data, 'request', (type) => (REQUEST_TYPES as readonly string[]).includes(type));
}

/** Parses a frame → host message: a `…:success` reply, a `…:error` reply, or a frame event. */
export function parseReply(data: unknown): ParseResult<FrameReply> {
  return parse(ReplySchema, data, 'reply', (type) => {
    const request = type.replace(/:(success|error)$/, '');
    return (
      type === 'frame:ready' || type === 'session:expired' || (request !== type && (REQUEST_TYPES as readonly string[]).includes(request))
    );
  });
}
