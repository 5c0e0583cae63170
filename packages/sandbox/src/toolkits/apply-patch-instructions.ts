/**
 * What the model reads about `apply_patch`: how the envelope works, and Codex's grammar of it
 * (the format OpenAI's models are trained on).
 */
export const APPLY_PATCH_DESCRIPTION = `Edit files by applying a patch. The patch is a file-oriented diff inside an envelope:

*** Begin Patch
[ one or more file sections ]
*** End Patch

Each section starts with a header saying what to do:
*** Add File: <path> - create a file; every following line starts with + and is a line of it.
*** Delete File: <path> - remove a file; nothing follows.
*** Update File: <path> - change a file, optionally renamed by a following *** Move to: <new path> line.

An update holds one or more chunks, each introduced by @@ (optionally followed by a line of the
file, such as a class or function header, that the change is below). In a chunk every line starts
with ' ' (unchanged context), '-' (removed) or '+' (added). Show about 3 lines of context before and
after each change; when that is not unique, add @@ lines naming the enclosing class or function.
End a chunk that changes the end of the file with *** End of File.

Grammar:
Patch := Begin { FileOp } End
Begin := "*** Begin Patch" NEWLINE
End := "*** End Patch" NEWLINE
FileOp := AddFile | DeleteFile | UpdateFile
AddFile := "*** Add File: " path NEWLINE { "+" line NEWLINE }
DeleteFile := "*** Delete File: " path NEWLINE
UpdateFile := "*** Update File: " path NEWLINE [ MoveTo ] { Hunk }
MoveTo := "*** Move to: " newPath NEWLINE
Hunk := "@@" [ header ] NEWLINE { HunkLine } [ "*** End of File" NEWLINE ]
HunkLine := (" " | "-" | "+") text NEWLINE

Paths are relative to the working directory. The whole patch applies or nothing changes.`;
