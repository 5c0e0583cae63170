/**
 * Checks on the raw JSON text of tool arguments that run before (or instead of) walking the
 * parsed value: they are single passes over the text, with no recursion. @internal
 */

/**
 * Whether the JSON text nests objects and arrays deeper than `limit` (brackets inside strings do
 * not count). Valid JSON nested `d` deep has at least `2d` characters, so shorter text is
 * answered without a scan. @internal
 */
export function nestingExceeds(raw: string, limit: number): boolean {
  if (raw.length <= 2 * limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

// A number JSON.parse turns into ±Infinity has an exponent of two or more digits or a run of
// 300+ digits (the largest double is about 1.8e308). False positives (a string holding "e10")
// only cost a walk of the parsed value.
const MAY_OVERFLOW = /[eE]\+?\d\d|\d{300}/;

/** Whether the JSON text could hold a number that parses to ±Infinity. @internal */
export function mayHoldNonFiniteNumbers(raw: string): boolean {
  return MAY_OVERFLOW.test(raw);
}
