import type { WalkFs } from '../paths/walk';
import { errorCode } from '../paths/file-errors';
import { type SftpClient, sftpType } from './sftp-client';

/** The walker's directory operations over SFTP, directories held by their remote path. @internal */
export function sftpWalkFs(sftp: SftpClient, root: string): WalkFs<string> {
  return {
    root: async () => root,
    async kind(dir, name) {
      try {
        return sftpType((await sftp.lstat(`${dir}/${name}`)).mode);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return 'missing';
        throw error;
      }
    },
    async enter(dir, name) {
      const path = `${dir}/${name}`;
      const stats = await sftp.lstat(path).catch(() => undefined);
      return stats && sftpType(stats.mode) === 'dir' ? path : 'changed';
    },
    readLink: (dir, name) => sftp.readlink(`${dir}/${name}`),
    async mkdir(dir, name) {
      try {
        await sftp.mkdir(`${dir}/${name}`);
      } catch (error) {
        // SFTP reports an existing directory as a generic failure: look before deciding.
        const stats = await sftp.lstat(`${dir}/${name}`).catch(() => undefined);
        if (!stats) throw error;
      }
    },
    release: async () => undefined,
  };
}
