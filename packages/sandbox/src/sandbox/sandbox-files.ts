import type { DirEntry, FileStat, ReadFileOptions } from './sandbox';

/** The file half of a sandbox, implemented per kind of storage (host directory, SFTP). @internal */
export interface SandboxFiles {
  readFileBytes(path: string, options?: ReadFileOptions): Promise<Uint8Array>;
  readFile(path: string, options?: ReadFileOptions): Promise<string>;
  writeFile(path: string, content: string | Uint8Array): Promise<void>;
  listDir(path?: string): Promise<DirEntry[]>;
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  stat(path: string): Promise<FileStat | null>;
  realPath(path: string): Promise<string>;
}
