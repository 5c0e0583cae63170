/** How long ago `at` was, in words a person scans (`12 s ago`, `3 min ago`, `2 h ago`, `4 d ago`). */
export function age(at: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** A duration in words (`850 ms`, `2.4 s`). */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** JSON text pretty-printed when it parses (depth-bounded by the parser's own limits), else as is. */
export function prettyJson(text: string): string {
  if (text.length > 200_000) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2) ?? text;
  } catch {
    return text;
  }
}

/** A value as pretty JSON text, never throwing. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
