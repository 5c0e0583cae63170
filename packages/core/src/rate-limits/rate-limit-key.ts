import type { RateLimitKeyContext } from '../contracts/rate-limit';
import { errorMessage } from '../errors/error-message';
import { UserError } from '../errors/user.error';
import { nodeCrypto } from '../lazy/node-crypto';
import { isThenable } from '../util/is-thenable';

/** Keys kept as they are: short, printable ASCII. Others are hashed, so a key is bounded and safe in any store. */
const PLAIN_KEY = /^[\x21-\x7e]{1,64}$/;

/**
 * The counter key of a call: `*` without a key function (everyone counts together), else the
 * function's value — a non-empty string or a finite number — kept when short and printable,
 * hashed (SHA-256) otherwise. A function that throws, returns a promise, or returns anything
 * else is a `UserError` naming the tool and the limit. @internal
 */
export function rateLimitKey(key: ((ctx: RateLimitKeyContext) => unknown) | undefined, ctx: RateLimitKeyContext, where: string): string {
  if (!key) return '*';
  let value: unknown;
  try {
    value = key(ctx);
  } catch (error) {
    throw new UserError(`The rate limit key function of ${where} threw on call ${ctx.callId}: ${errorMessage(error).slice(0, 300)}. Fix the key function; the call did not run.`, { cause: error });
  }
  if (typeof value === 'number' && Number.isFinite(value)) return `k:${value}`;
  if (typeof value === 'string' && value !== '') return PLAIN_KEY.test(value) ? `k:${value}` : `h:${nodeCrypto().createHash('sha256').update(value).digest('base64url')}`;
  throw new UserError(
    `The rate limit key function of ${where} returned ${describeKey(value)} for call ${ctx.callId}; it must return a non-empty string or a finite number synchronously ` +
      '(e.g. key: (ctx) => ctx.context.userId, with userId set in every run\'s context). The call did not run.',
  );
}

function describeKey(value: unknown): string {
  if (value === '') return 'an empty string';
  if (typeof value === 'number') return String(value);
  if (isThenable(value)) return 'a promise';
  if (value === null || value === undefined) return String(value);
  return `a value of type ${Array.isArray(value) ? 'array' : typeof value}`;
}
