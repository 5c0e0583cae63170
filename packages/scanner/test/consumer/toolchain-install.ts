import { npmInstallAsync, PACKAGES, writeFiles } from './scratch';
import { sharedInstall } from '../../../../test-support/shared-install';

/** The toolchains of the recipes, at the versions the scanner's README documents. */
export const TOOLCHAIN = [
  'typescript@~5.9.3', 'ts-patch@3.3.0', 'typescript6@npm:typescript@6.0.3', 'typescript50@npm:typescript@5.0.4',
  'esbuild@^0.28.0', '@swc/core@^1.16.0', '@swc/cli@^0.8.0', '@swc-node/register@^1.12.0', '@swc/jest@^0.2.39', 'tsx@^4.23.0',
  'jest@^30.2.0', 'ts-jest@^29.4.0', '@types/jest@^30.0.0', '@nestjs/cli@^12.0.0', '@nestjs/core@^11.1.0', '@nestjs/common@^11.1.0',
  'rxjs@^7.8.2', 'reflect-metadata@^0.2.2', '@types/node@^20.19.0',
];

/** The range of the toolchain's `typescript` (the one the recipes compile with). */
const TOOLCHAIN_TYPESCRIPT = (TOOLCHAIN.find((spec) => spec.startsWith('typescript@')) as string).slice('typescript@'.length);

// The Nest CLI depends on a TypeScript of its own (~6.0), which npm nests under it; `nest build`
// never loads it: it resolves `typescript` from the project first (the 5.9 the other recipes
// use). The override points the CLI's dependency at that one, so npm extracts no unused copy.
const OVERRIDES = { '@nestjs/cli': { typescript: TOOLCHAIN_TYPESCRIPT } };

/**
 * Every package's tarball (`tarballs`, by directory name) and every toolchain, installed once per
 * jest run into a scratch project outside the workspace and shared by the suites that need them
 * (the consumer test, the shipped-entries test, which runs that install's jest); a suite run on
 * its own installs into `fallbackDir`. Each suite writes its projects into a folder of its own
 * under the returned directory.
 */
export function toolchainInstall(tarballs: Map<string, string>, fallbackDir: string): Promise<string> {
  const specs = [...PACKAGES.map((name) => tarballs.get(name) as string), ...TOOLCHAIN];
  return sharedInstall([...specs, `overrides ${JSON.stringify(OVERRIDES)}`], fallbackDir, async (dir) => {
    writeFiles(dir, { 'package.json': JSON.stringify({ name: 'toolchain', version: '1.0.0', private: true, overrides: OVERRIDES }, null, 2) });
    await npmInstallAsync(dir, specs, 420_000);
  });
}
