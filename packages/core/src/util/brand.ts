import { CORE_VERSION } from './core-version';

/**
 * Recognition of Toolwright's classes across copies of core. A program can load core twice: an
 * ES module app and a CommonJS library each resolving their own build, two installed copies, a
 * symlinked library. Plain `instanceof` would then refuse an `Agent` or treat a `ToolResult` as a
 * JSON value. Each branded class carries a brand under a `Symbol.for` key (one per process), and
 * its `Symbol.hasInstance` accepts a value whose class chain carries the same brand, so existing
 * `instanceof` checks recognise values of every copy.
 */

/** The registry-wide key of a class's brand (`Symbol.for`: the same symbol in every copy). */
const BRAND = Symbol.for('toolwright.brand');

/**
 * What values of a branded class look like to other copies. Raise `format` when a branded
 * class's fields or methods change incompatibly: copies of different formats refuse each other's
 * values, naming both versions, rather than misread them.
 */
export const BRAND_FORMAT = 1;

/** A class's brand, as another copy of core reads it. */
interface Brand {
  /** `toolwright.<Class>`: the same for the class in every copy. */
  readonly key: string;
  /** The {@link BRAND_FORMAT} of the copy that defined the class. */
  readonly format: number;
  /** The version of the copy that defined the class. */
  readonly version: string;
}

type Branded = { readonly [BRAND]?: Brand };

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];

/**
 * Brands `cls` as `toolwright.<name>` and makes `instanceof cls` recognise instances made by
 * other copies of core. Subclasses inherit the check; a subclass that is not branded itself (a
 * user's own `class MyError extends UserError`) keeps plain `instanceof`.
 *
 * @internal
 */
export function brand(cls: abstract new (...args: any[]) => unknown, name: string): void {
  const own: Brand = { key: `toolwright.${name}`, format: BRAND_FORMAT, version: CORE_VERSION };
  Object.defineProperty(cls, BRAND, { value: own });
  Object.defineProperty(cls, Symbol.hasInstance, { value: hasBrandedInstance, configurable: true });
}

/**
 * `value instanceof this`: the ordinary prototype check, else a constructor on `value`'s
 * prototype chain carrying this class's brand.
 *
 * @throws TypeError when that constructor comes from a copy of core whose values this copy cannot
 *   read (another {@link BRAND_FORMAT}), naming both versions.
 */
function hasBrandedInstance(this: abstract new (...args: any[]) => unknown, value: unknown): boolean {
  if (ordinaryHasInstance.call(this, value)) return true;
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const wanted = ownBrand(this);
  if (wanted === undefined) return false;
  for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    const ctor = Object.prototype.hasOwnProperty.call(proto, 'constructor') ? (proto as { constructor?: unknown }).constructor : undefined;
    const found = typeof ctor === 'function' ? ownBrand(ctor) : undefined;
    if (found === undefined || found.key !== wanted.key) continue;
    if (found.format !== wanted.format) throw new TypeError(mismatch(wanted, found));
    return true;
  }
  return false;
}

function ownBrand(cls: unknown): Brand | undefined {
  return Object.prototype.hasOwnProperty.call(cls, BRAND) ? (cls as Branded)[BRAND] : undefined;
}

function mismatch(ours: Brand, theirs: Brand): string {
  const name = ours.key.slice('toolwright.'.length);
  return `A ${name} made by @toolwright/core ${theirs.version} (value format ${theirs.format}) reached @toolwright/core ${ours.version} (value format ${ours.format}), `
    + 'which cannot read it: two incompatible versions of @toolwright/core are installed. '
    + 'Make every package use one version: run `npm ls @toolwright/core` to see who brings each, align their versions, then `npm dedupe`.';
}
