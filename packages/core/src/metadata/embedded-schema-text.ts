import { UserError } from '../errors/user.error';
import { textOf, type LazyText } from '../util/lazy-text';
import type { EmbeddedToolSchema } from './embedded-schema';
import { checkEmbeddedSchema } from './embedded-schema-check';

/**
 * Parses the JSON text form of an embedded schema (what the `@toolwright/scanner` transformer
 * emits as the second argument of `@Tool`) and checks its shape. Every call returns a fresh
 * object that the caller owns and may change.
 *
 * The transformer emits text rather than an object literal because V8 parses a JSON string far
 * faster than it compiles the equivalent literal, and because a string is held in much less
 * memory than the objects until the tool is built.
 *
 * @throws UserError naming `where` when the text is not JSON or not an embedded schema.
 */
export function parseEmbeddedSchema(text: string, where: LazyText): EmbeddedToolSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `The embedded schema of ${textOf(where)} is not valid JSON (${(error as Error).message}). Fix: rebuild with the @toolwright/scanner transformer or \`toolwright build\`.`,
    );
  }
  checkEmbeddedSchema(value, where);
  return value;
}
