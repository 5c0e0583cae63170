import { RunStateError } from '../errors/run-state.error';
import { UserError } from '../errors/user.error';
import { nodeCrypto } from '../lazy/node-crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;
// A lone surrogate encodes to the same UTF-8 bytes as U+FFFD, so two different strings would
// share one signature; signed text is refused when it holds one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a lone surrogate: the engine's own check where it has one (a scan, not a regular expression). */
function hasLoneSurrogate(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? !native.call(text) : LONE_SURROGATE.test(text);
}

/**
 * Signs `payload` for one purpose (a run id and revision, a decision on one call, ...): the text
 * `{"p":payload,"s":hmac}` where the HMAC-SHA256 covers the purpose and the payload, so a signed
 * value cannot be moved to another run or call. @internal
 */
export function signForStore(secret: string, purpose: string, payload: string): string {
  if (hasLoneSurrogate(payload)) throw new RunStateError('Cannot store text holding a lone UTF-16 surrogate: it has no UTF-8 form of its own.');
  return JSON.stringify({ p: payload, s: hmac(secret, purpose, payload) });
}

/** Checks a value written by `signForStore` for `purpose` and returns its payload. @internal */
export function verifyFromStore(secret: string, purpose: string, signed: string, what: string): string {
  let envelope: { p?: unknown; s?: unknown } | null;
  try {
    envelope = JSON.parse(signed) as { p?: unknown; s?: unknown } | null;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.p !== 'string' || typeof envelope.s !== 'string' || !HEX_SHA256.test(envelope.s) || hasLoneSurrogate(envelope.p)) {
    throw new RunStateError(`The stored ${what} is malformed: it was not written by a Toolwright run store, or it was changed.`);
  }
  const expected = Buffer.from(hmac(secret, purpose, envelope.p), 'hex');
  if (!nodeCrypto().timingSafeEqual(Buffer.from(envelope.s, 'hex'), expected)) {
    throw new RunStateError(
      `The stored ${what} does not match its signature: it was changed in the store, moved from another run, or signed with another secret. Refusing to use it.`,
    );
  }
  return envelope.p;
}

/** The purpose of a signature, from its parts (JSON, so no two lists of parts read alike). @internal */
export function purposeOf(...parts: Array<string | number>): string {
  return JSON.stringify(parts);
}

/** A random id for a run or a claim token. */
export function randomId(): string {
  return nodeCrypto().randomUUID();
}

/** Throws unless `secret` is a usable signing secret. @internal */
export function checkStoreSecret(secret: unknown, where: string): asserts secret is string {
  if (typeof secret !== 'string' || secret.length < 16) {
    throw new UserError(
      `${where}: secret must be a string of at least 16 characters (stored states and decisions are signed with it). ` +
        'Use a long random value shared by every replica, e.g. from an environment variable.',
    );
  }
}

function hmac(secret: string, purpose: string, payload: string): string {
  return nodeCrypto().createHmac('sha256', secret).update(purpose, 'utf8').update('\n', 'utf8').update(payload, 'utf8').digest('hex');
}
