import { RunStateError } from '../errors/run-state.error';
import { nodeCrypto } from '../lazy/node-crypto';

/** The marker of a signed state's envelope. */
const SIGNED_MARKER = 'toolwright.run-state.signed';
const ALGORITHM = 'HMAC-SHA256';
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Wraps a serialised state in a signed envelope: `{ format, algorithm, payload, signature }`,
 * where `signature` is the lowercase hex HMAC-SHA256 of the UTF-8 bytes of the exact `payload`
 * text. Those bytes are the canonical form: only well-formed UTF-16 text has one, since every
 * lone surrogate encodes to the same bytes as U+FFFD (so two different texts would share a
 * signature). Text that is not well-formed is refused, on signing and on verifying. @internal
 */
export function signState(payload: string, secret: string): string {
  checkSecret(secret);
  if (!isWellFormed(payload)) {
    throw new RunStateError('The run state cannot be signed: its text holds a lone surrogate (not well-formed UTF-16), which has no exact UTF-8 form.');
  }
  return JSON.stringify({ format: SIGNED_MARKER, algorithm: ALGORITHM, payload, signature: hmac(payload, secret) });
}

/**
 * Reads the text of a state: checks the signature of a signed state and returns its payload,
 * parsed; an unsigned state is returned as parsed once here. A signed state read without the
 * secret, an unsigned one read with a secret, text that is not JSON and any changed byte are
 * refused with `RunStateError`. @internal
 */
export function readSignedState(text: string, secret: string | undefined): unknown {
  if (secret !== undefined) checkSecret(secret);
  const value = parseJson(text);
  const envelope = value as { format?: unknown; algorithm?: unknown; payload?: unknown; signature?: unknown } | null;
  const signed = typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope) && envelope.format === SIGNED_MARKER;
  if (!signed) {
    if (secret !== undefined) {
      throw new RunStateError(
        'The run state is not signed, but a secret was given. Only states written with state.toString({ secret }) are accepted with a secret, ' +
          'so that an unsigned state cannot pass for a signed one. Sign it when writing, or read it without { secret }.',
      );
    }
    return value;
  }
  if (secret === undefined) {
    throw new RunStateError('The run state is signed. Pass the secret it was signed with: RunState.fromString(agents, json, { secret }).');
  }
  const keys = Object.keys(envelope).sort().join(',');
  if (keys !== 'algorithm,format,payload,signature' || envelope.algorithm !== ALGORITHM || typeof envelope.payload !== 'string' || typeof envelope.signature !== 'string') {
    throw new RunStateError(`The signed run state's envelope is malformed (expected format, algorithm "${ALGORITHM}", payload and signature, got keys ${keys}).`);
  }
  if (!isWellFormed(envelope.payload)) {
    throw new RunStateError(
      "The signed run state's payload holds a lone surrogate (not well-formed UTF-16). A signed state never does: it was changed after signing. Refusing to resume it.",
    );
  }
  const expected = Buffer.from(hmac(envelope.payload, secret), 'hex');
  const given = HEX_SHA256.test(envelope.signature) ? Buffer.from(envelope.signature, 'hex') : undefined;
  if (!given || given.length !== expected.length || !nodeCrypto().timingSafeEqual(given, expected)) {
    throw new RunStateError('The run state\'s signature does not match: it was changed after signing, or signed with another secret. Refusing to resume it.');
  }
  return parseJson(envelope.payload);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RunStateError(`The run state is not valid JSON (${(error as Error).message}). Pass the exact text written by state.toString().`);
  }
}

function hmac(payload: string, secret: string): string {
  return nodeCrypto().createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

function checkSecret(secret: unknown): void {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new RunStateError('The run state secret must be a non-empty string (use a long random value kept on the server).');
  }
  if (!isWellFormed(secret)) {
    throw new RunStateError('The run state secret holds a lone surrogate (not well-formed UTF-16); use a secret of plain characters, e.g. random hex.');
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` is well-formed UTF-16 (no lone surrogate), so that its UTF-8 bytes stand for it alone. @internal */
function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? native.call(text) : !LONE_SURROGATE.test(text);
}
