import type { SFTPWrapper, Stats } from 'ssh2';
import type { FileType } from '../sandbox/sandbox';

/** SFTP status codes (draft-ietf-secsh-filexfer-02). */
const SFTP_NO_SUCH_FILE = 2;
const SFTP_PERMISSION_DENIED = 3;

/** The kind of an SFTP entry from its mode bits. @internal */
export function sftpType(mode: number): FileType {
  switch (mode & 0o170000) {
    case 0o040000:
      return 'dir';
    case 0o100000:
      return 'file';
    case 0o120000:
      return 'symlink';
    default:
      return 'other';
  }
}

/** An SFTP error as an errno-like code, so file errors map the same way on every backend. @internal */
export function sftpErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === SFTP_NO_SUCH_FILE) return 'ENOENT';
  if (code === SFTP_PERMISSION_DENIED) return 'EACCES';
  return undefined;
}

/** An error carrying an errno-like `code` for `toFileError`. */
function withCode(error: unknown): unknown {
  const code = sftpErrorCode(error);
  if (code === undefined) return error;
  return Object.assign(new Error(code), { code });
}

/** Promise forms of the SFTP calls the sandbox uses. @internal */
export class SftpClient {
  constructor(private readonly sftp: SFTPWrapper) {}

  lstat(path: string): Promise<Stats> {
    return this.call<Stats>((cb) => this.sftp.lstat(path, cb));
  }
  fstat(handle: Buffer): Promise<Stats> {
    return this.call<Stats>((cb) => this.sftp.fstat(handle, cb));
  }
  readlink(path: string): Promise<string> {
    return this.call<string>((cb) => this.sftp.readlink(path, cb));
  }
  realpath(path: string): Promise<string> {
    return this.call<string>((cb) => this.sftp.realpath(path, cb));
  }
  open(path: string, flags: 'r' | 'wx', mode?: number): Promise<Buffer> {
    return this.call<Buffer>((cb) => (mode === undefined ? this.sftp.open(path, flags, cb) : this.sftp.open(path, flags, { mode }, cb)));
  }
  close(handle: Buffer): Promise<void> {
    return this.call<void>((cb) => this.sftp.close(handle, cb));
  }
  read(handle: Buffer, buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    return new Promise((resolve, reject) =>
      this.sftp.read(handle, buffer, offset, length, position, (error, bytesRead) => (error ? reject(withCode(error)) : resolve(bytesRead))),
    );
  }
  write(handle: Buffer, buffer: Buffer, offset: number, length: number, position: number): Promise<void> {
    return this.call<void>((cb) => this.sftp.write(handle, buffer, offset, length, position, cb));
  }
  fchmod(handle: Buffer, mode: number): Promise<void> {
    return this.call<void>((cb) => this.sftp.fsetstat(handle, { mode }, cb));
  }
  readdir(path: string): Promise<Array<{ filename: string; attrs: Stats }>> {
    return this.call((cb) => this.sftp.readdir(path, cb));
  }
  mkdir(path: string): Promise<void> {
    return this.call<void>((cb) => this.sftp.mkdir(path, cb));
  }
  rmdir(path: string): Promise<void> {
    return this.call<void>((cb) => this.sftp.rmdir(path, cb));
  }
  unlink(path: string): Promise<void> {
    return this.call<void>((cb) => this.sftp.unlink(path, cb));
  }
  /** Renames over an existing file atomically (OpenSSH's posix-rename), else removes it first. */
  async replace(from: string, to: string): Promise<void> {
    try {
      await this.call<void>((cb) => this.sftp.ext_openssh_rename(from, to, cb));
      return;
    } catch (error) {
      if (!/not supported/i.test(String((error as Error)?.message))) throw error;
    }
    await this.unlink(to).catch(() => undefined);
    await this.call<void>((cb) => this.sftp.rename(from, to, cb));
  }

  private call<T>(run: (cb: (error: Error | undefined | null, value: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      try {
        run((error, value) => (error ? reject(withCode(error)) : resolve(value)));
      } catch (error) {
        reject(error);
      }
    });
  }
}
