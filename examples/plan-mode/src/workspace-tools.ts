import { Param, Tool, Toolkit } from '@toolwright/core';

/** A workspace of files held in memory (a stand-in for a real disk or sandbox). */
export class Workspace {
  constructor(readonly files: Map<string, string>) {}
}

/** Tools over the workspace: two read-only, two that change it. */
@Toolkit({ name: 'workspace' })
export class WorkspaceTools {
  constructor(private readonly workspace: Workspace) {}

  /** List the files of the workspace with their sizes. */
  @Tool({ readOnly: true, openWorld: false })
  listFiles(): string {
    return [...this.workspace.files].map(([path, text]) => `${path} (${text.length} bytes)`).join('\n') || '(empty)';
  }

  /**
   * Read a file.
   * @param path The file's path, as listed.
   */
  @Tool({ readOnly: true, openWorld: false })
  readFile(@Param('path') path: string): string {
    const text = this.workspace.files.get(path);
    if (text === undefined) throw new Error(`no file ${path}`);
    return text;
  }

  /**
   * Delete a file.
   * @param path The file's path, as listed.
   */
  @Tool({ destructive: true, idempotent: true, openWorld: false })
  deleteFile(@Param('path') path: string): string {
    if (!this.workspace.files.delete(path)) throw new Error(`no file ${path}`);
    return `deleted ${path}`;
  }

  /**
   * Write a file, replacing what it held.
   * @param path The file's path.
   * @param content The new content.
   */
  @Tool({ destructive: true, openWorld: false })
  writeFile(@Param('path') path: string, @Param('content') content: string): string {
    this.workspace.files.set(path, content);
    return `wrote ${path}`;
  }
}
