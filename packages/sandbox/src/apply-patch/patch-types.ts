/** One line of an update chunk: context (`' '`), removed (`'-'`) or added (`'+'`). */
export interface PatchLine {
  kind: ' ' | '-' | '+';
  text: string;
}

/** A `@@` chunk of an `*** Update File:` section. */
export interface UpdateChunk {
  /** `@@ <anchor>` lines, searched in order before the chunk's lines (class → method). */
  anchors: string[];
  lines: PatchLine[];
  /** Ended by `*** End of File`: the old lines sit at the end of the file. */
  isEndOfFile: boolean;
}

/** One file section of a patch. */
export type PatchHunk =
  | { type: 'add'; path: string; contents: string }
  | { type: 'delete'; path: string }
  | { type: 'update'; path: string; movePath?: string; chunks: UpdateChunk[] };

/** The lines a chunk expects in the file (context and removed). */
export function oldLines(chunk: UpdateChunk): string[] {
  return chunk.lines.filter((l) => l.kind !== '+').map((l) => l.text);
}

/** The lines a chunk leaves in the file (context and added). */
export function newLines(chunk: UpdateChunk): string[] {
  return chunk.lines.filter((l) => l.kind !== '-').map((l) => l.text);
}
