import * as sandbox from '@toolwright/sandbox';

describe('@toolwright/sandbox public surface', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(sandbox).sort()).toEqual(
      [
        'ApplyPatchError', 'ApplyPatchToolkit', 'BubblewrapSandbox', 'CodeToolkit', 'CommandPolicy', 'DEFAULT_EXEC_LIMITS', 'DEFAULT_FILE_LIMITS',
        'DockerSandbox', 'FileToolkit', 'LocalSandbox', 'NoWorkDirError', 'OutsideWorkDirError', 'SandboxExecError', 'SandboxFileError',
        'SHELL_ACTION_LIMITS', 'SshSandbox', 'applyPatch', 'applyPatchOperation', 'parsePatch', 'runShellAction', 'shellQuote',
      ].sort(),
    );
  });

  it('does not load ssh2 or dockerode until a sandbox needs them', () => {
    const loaded = Object.keys(require.cache).filter((file) => /node_modules\/(ssh2|dockerode)\//.test(file));
    expect(loaded).toEqual([]);
  });
});
