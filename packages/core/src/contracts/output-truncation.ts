/** How a tool output's text was cut before it was sent to the model. */
export interface OutputTruncation {
  /** The cap that applied, in UTF-8 bytes. */
  limitBytes: number;
  /** UTF-8 bytes of text in the tool's full output. */
  originalBytes: number;
  /** UTF-8 bytes of that text the model was sent (the marker not counted). */
  keptBytes: number;
}
