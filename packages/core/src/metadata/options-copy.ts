/** The one copy of empty options (compare with it to skip checks of options that set nothing). */
export const NO_OPTIONS: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The copy of decorator options that metadata keeps: a shallow copy, or one shared frozen empty
 * object when there are none (most `@Param` and `@Tool` decorations), so defining many tools
 * does not hold an empty object per decoration. Metadata is never written to after recording.
 */
export function copyOptions<T extends object>(options: T): T {
  for (const key in options) if (Object.prototype.hasOwnProperty.call(options, key)) return { ...options };
  return NO_OPTIONS as T;
}
