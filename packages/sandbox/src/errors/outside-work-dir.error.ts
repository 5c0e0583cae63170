import { ToolwrightError } from '@toolwright/core';

/**
 * A path given to a sandbox leads outside its working directory: `..` above it, an absolute
 * path elsewhere, a symbolic link (at any depth) pointing out of it, or a device or other special
 * file. The message names the path as it was given and never the host path it led to.
 */
export class OutsideWorkDirError extends ToolwrightError {
  constructor(
    /** The path as the caller gave it. */
    readonly path: string,
    /** Why it was refused, e.g. `through a symbolic link`. */
    readonly reason: string = 'it is not inside the working directory',
  ) {
    super(`"${path}" is outside the working directory: ${reason}. Use a path relative to the working directory.`);
  }
}
