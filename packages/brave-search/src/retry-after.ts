/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds (`120`) or an
 * HTTP-date (a date in the past means now). `undefined` when the header is missing or malformed.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
