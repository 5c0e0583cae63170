/**
 * The bounds Toolwright puts on what a model (or a tool, or a stored state) can make it do or
 * say. Every figure is documented in the package README ("Limits"); those that a user may need
 * to change have an option, named beside them.
 */
export const TOOLWRIGHT_LIMITS = Object.freeze({
  /** Deepest nesting of tool arguments (objects and arrays count one level each); deeper is an argument error. */
  maxArgumentDepth: 64,
  /** Longest raw arguments text accepted, in UTF-16 code units (4 Mi); longer is an argument error. */
  maxArgumentsLength: 4 * 1024 * 1024,
  /**
   * Arguments up to this length (64 Ki code units) have every violation found; longer invalid
   * arguments are reported with the first violation only, so that checking them costs no more
   * memory than parsing them.
   */
  detailedCheckMaxLength: 64 * 1024,
  /** Violations listed in one message to the model; the rest are counted ("… and 9,990 more"). */
  maxListedViolations: 20,
  /** Characters of a key, value, path, call id or tool name echoed back to the model. */
  maxEchoLength: 64,
  /** Characters of a whole error message Toolwright writes for the model. */
  maxMessageLength: 4096,
  /** Default cap on a tool output's text sent to the model, in UTF-8 bytes (`maxOutputBytes`, `maxToolOutputBytes`). */
  defaultMaxOutputBytes: 64 * 1024,
  /** Default time a tool call may take when neither the tool nor the runner sets one (`toolTimeoutMs`). */
  defaultToolTimeoutMs: 10 * 60 * 1000,
  /** Undelivered events a stream holds before a call's progress updates are coalesced. */
  eventBufferSize: 1024,
  /** Ids of resumed states the in-process resume-once guard remembers (the most recent ones). */
  resumeGuardSize: 50_000,
});

/** The type of {@link TOOLWRIGHT_LIMITS}. */
export type ToolwrightLimits = typeof TOOLWRIGHT_LIMITS;
