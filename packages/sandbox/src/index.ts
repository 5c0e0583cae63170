// The contract
export type {
  Sandbox, ExecOptions, ExecResult, ExecChunk, ExecStream, DirEntry, FileStat, FileType, ReadFileOptions,
} from './sandbox/sandbox';
export { DEFAULT_EXEC_LIMITS } from './sandbox/exec-options';
export type { ExecLimits } from './sandbox/exec-options';
export { DEFAULT_FILE_LIMITS } from './paths/file-limits';
export type { FileLimits } from './paths/file-limits';
export { shellQuote } from './sandbox/shell';

// Errors
export { OutsideWorkDirError, NoWorkDirError, SandboxFileError, SandboxExecError } from './errors';
export type { SandboxFileErrorKind } from './errors';

// Backends
export { LocalSandbox } from './local/local-sandbox';
export type { LocalSandboxOptions } from './local/local-sandbox';
export { BubblewrapSandbox } from './bubblewrap/bubblewrap-sandbox';
export type { BubblewrapSandboxOptions } from './bubblewrap/bubblewrap-sandbox';
export { SshSandbox } from './ssh/ssh-sandbox';
export type { SshSandboxOptions } from './ssh/ssh-sandbox';
export { DockerSandbox } from './docker/docker-sandbox';
export type { DockerSandboxOptions } from './docker/docker-sandbox';

// apply_patch
export { applyPatch } from './apply-patch/apply-patch';
export type { ApplyPatchResult, ApplyPatchOptions } from './apply-patch/apply-patch';
export { parsePatch } from './apply-patch/parse-patch';
export type { ParseMode } from './apply-patch/parse-patch';
export type { PatchHunk, UpdateChunk, PatchLine } from './apply-patch/patch-types';
export { ApplyPatchError } from './apply-patch/apply-patch.error';
export type { ApplyPatchErrorKind } from './apply-patch/apply-patch.error';

// Toolkits
export { CodeToolkit } from './toolkits/code-toolkit';
export type { CodeToolkitOptions } from './toolkits/code-toolkit';
export { CommandPolicy } from './toolkits/command-policy';
export type { PolicyDecision } from './toolkits/command-policy';
export { FileToolkit } from './toolkits/file-toolkit';
export type { FileToolkitOptions } from './toolkits/file-toolkit';
export { ApplyPatchToolkit } from './toolkits/apply-patch-toolkit';
export type { ApplyPatchToolkitOptions } from './toolkits/apply-patch-toolkit';

// OpenAI's built-in apply_patch and shell tools, executed by a sandbox
export { applyPatchOperation } from './native/apply-patch-operation';
export type { ApplyPatchOperation, ApplyPatchOperationOutput, ApplyPatchOperationOptions } from './native/apply-patch-operation';
export { runShellAction, SHELL_ACTION_LIMITS } from './native/shell-action';
export type { ShellAction, ShellCommandOutput, ShellActionOptions } from './native/shell-action';
