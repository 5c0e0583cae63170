export { OutsideWorkDirError } from './outside-work-dir.error';
export { NoWorkDirError } from './no-work-dir.error';
export { SandboxFileError } from './sandbox-file.error';
export type { SandboxFileErrorKind } from './sandbox-file.error';
export { SandboxExecError } from './sandbox-exec.error';
