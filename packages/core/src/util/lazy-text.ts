/** Text for a message, or a function building it: messages that are rarely needed are built only then. */
export type LazyText = string | (() => string);

/** The text of a {@link LazyText}. */
export function textOf(text: LazyText): string {
  return typeof text === 'string' ? text : text();
}
