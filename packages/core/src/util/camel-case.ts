/**
 * Word boundaries inside an identifier: before the last capital of a run followed by a lower-case
 * letter (`HTTPStatus` → HTTP|Status) and between a lower-case letter or digit and a capital
 * (`eventId` → event|Id, `fetchV2` → fetch|V2, `v2Beta` → v2|Beta); ASCII letters and digits only.
 * A regular expression rather than a loop over the characters: it runs for every tool defined, and
 * V8 compiles it to machine code after its first use, while a loop runs in the interpreter for
 * most of a cold start (measured: half the time for 1,000 names in a fresh process).
 */
const CAMEL_BOUNDARY = /(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/;
const CAMEL_BOUNDARIES = new RegExp(CAMEL_BOUNDARY.source, 'g');

/**
 * Splits an identifier at its camelCase boundaries, keeping every other character (`_`, `-`,
 * `$`, spaces) where it is: `getHTTPStatus` → `get`, `HTTP`, `Status`; `get$Value` stays whole
 * (`$` is no boundary). The one camelCase splitter of Toolwright: default tool names (snake_case), tool search
 * terms and the scanner's names all go through it.
 */
export function splitCamelCase(identifier: string): string[] {
  return identifier.split(CAMEL_BOUNDARY);
}

/**
 * `splitCamelCase(identifier).join(separator)`, without the list: `getHTTPStatus` with `_` →
 * `get_HTTP_Status`.
 */
export function joinCamelCase(identifier: string, separator: string): string {
  return identifier.replace(CAMEL_BOUNDARIES, separator);
}
