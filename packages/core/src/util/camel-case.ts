/**
 * Word boundaries inside an identifier: before the last capital of a run followed by a lower-case
 * letter (`HTTPStatus` → HTTP|Status) and between a lower-case letter or digit and a capital
 * (`eventId` → event|Id, `fetchV2` stays whole, `v2Beta` → v2|Beta). As a regular expression:
 * `/(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/` (ASCII letters and digits only); written
 * as a loop over the characters, because it runs for every tool defined and a regular
 * expression runs interpreted for its first calls.
 */
function isBoundary(identifier: string, i: number): boolean {
  const current = identifier.charCodeAt(i);
  if (!isUpper(current)) return false;
  const previous = identifier.charCodeAt(i - 1);
  if (isLower(previous) || (previous >= 48 && previous <= 57)) return true;
  return isUpper(previous) && i + 1 < identifier.length && isLower(identifier.charCodeAt(i + 1));
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/**
 * Splits an identifier at its camelCase boundaries, keeping every other character (`_`, `-`,
 * `$`, spaces) where it is: `getHTTPStatus` → `get`, `HTTP`, `Status`; `get$Value` stays whole
 * (`$` is no boundary). The one camelCase splitter of Toolwright: default tool names (snake_case), tool search
 * terms and the scanner's names all go through it.
 */
export function splitCamelCase(identifier: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i < identifier.length; i++) {
    if (!isBoundary(identifier, i)) continue;
    parts.push(identifier.slice(start, i));
    start = i;
  }
  parts.push(identifier.slice(start));
  return parts;
}
