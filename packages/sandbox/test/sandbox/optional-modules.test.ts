/**
 * ssh2 and dockerode are optional peer dependencies: a program that picks their backend without
 * having installed them gets one error naming the package to install.
 */
import { UserError } from '@toolwright/core';

/** What Node throws for a package that is not installed. */
function notInstalled(name: string): Error {
  return Object.assign(new Error(`Cannot find module '${name}'\nRequire stack:\n- /app/node_modules/@toolwright/sandbox/dist/index.cjs`), { code: 'MODULE_NOT_FOUND' });
}

afterEach(() => {
  jest.dontMock('ssh2');
  jest.dontMock('dockerode');
  jest.resetModules();
});

describe('optional backends', () => {
  describe('when dockerode is not installed', () => {
    it('new DockerSandbox() says to install it', () => {
      jest.doMock('dockerode', () => {
        throw notInstalled('dockerode');
      });
      const { DockerSandbox } = jest.requireActual<typeof import('@toolwright/sandbox')>('@toolwright/sandbox');
      const { UserError: FreshUserError } = jest.requireActual<typeof import('@toolwright/core')>('@toolwright/core');
      let thrown: unknown;
      try {
        new DockerSandbox({ image: 'busybox' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FreshUserError);
      expect(thrown).toBeInstanceOf(UserError);
      expect((thrown as Error).message).toBe(
        'DockerSandbox needs the package "dockerode", which is not installed: run `npm install dockerode`. '
        + 'It is an optional peer dependency of @toolwright/sandbox, installed only by programs that use DockerSandbox.',
      );
    });
  });

  describe('when ssh2 is not installed', () => {
    it('loading the SSH client says to install it', () => {
      jest.doMock('ssh2', () => {
        throw notInstalled('ssh2');
      });
      const { loadSsh2 } = jest.requireActual<typeof import('../../src/sandbox/optional-modules')>('../../src/sandbox/optional-modules');
      expect(() => loadSsh2()).toThrow('SshSandbox needs the package "ssh2", which is not installed: run `npm install ssh2`.');
    });
  });

  it('passes on any other failure to load the package as it is', () => {
    const inner = Object.assign(new Error("Cannot find module 'cpu-features'"), { code: 'MODULE_NOT_FOUND' });
    jest.doMock('ssh2', () => {
      throw inner;
    });
    const { loadSsh2 } = jest.requireActual<typeof import('../../src/sandbox/optional-modules')>('../../src/sandbox/optional-modules');
    expect(() => loadSsh2()).toThrow(inner);
  });

  it('loads an installed package', () => {
    const { loadDockerode, loadSsh2 } = jest.requireActual<typeof import('../../src/sandbox/optional-modules')>('../../src/sandbox/optional-modules');
    expect(typeof loadSsh2().Client).toBe('function');
    expect(typeof loadDockerode()).toBe('function');
  });
});
