/**
 * The message of an error, or the thrown value as text (code may throw strings, plain objects or
 * anything else). @internal
 */
export function errorMessage(error: unknown): string {
  // Whatever a tool throws is examined here, so nothing about it may throw in turn: a getter
  // on `message`, a Proxy, an object without a prototype (no toString), a throwing toJSON.
  try {
    if (error instanceof Error) return String(error.message);
    if (typeof error === 'string') return error;
    try {
      const json = JSON.stringify(error);
      if (json !== undefined) return json;
    } catch {
      // A value JSON cannot write (a cycle, a BigInt) may still have a string form.
    }
    return String(error);
  } catch {
    return `a thrown ${typeofSafe(error)} that cannot be shown as text`;
  }
}

function typeofSafe(value: unknown): string {
  return value === null ? 'null' : typeof value;
}
