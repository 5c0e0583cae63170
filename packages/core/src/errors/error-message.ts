/**
 * The message of an error, or the thrown value as text (code may throw strings, plain objects or
 * anything else). @internal
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    // A value JSON cannot write (a cycle, a BigInt) still has a string form.
    return String(error);
  }
}
