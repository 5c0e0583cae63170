import * as path from 'path';
import { writeFiles } from './scratch';
import { jestTestSource, LOOSE_TOOL_SOURCE, mainSource, nestMainSource, SWCRC, toolsSource, tsconfig } from './sources';

/** A project directory under `install` (which holds the shared node_modules) with these files. */
function project(install: string, name: string, files: Record<string, string>): string {
  const dir = path.join(install, 'projects', name);
  writeFiles(dir, files);
  return dir;
}

const packageJson = (name: string, type: 'commonjs' | 'module'): string => `${JSON.stringify({ name, private: true, type }, null, 2)}\n`;

/** Compiles the project with the TypeScript module named on the command line, through the transformer's compiler API entry. */
const COMPILER_API_BUILD = `const ts = require(process.argv[2]);
const transformer = require('@toolwright/scanner/transformer').default;
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\\n')); } });
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const before = [transformer(program)];
const result = program.emit(undefined, undefined, undefined, false, { before });
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
process.stderr.write(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\\n' }));
console.log('TypeScript ' + ts.version + ': ' + diagnostics.length + ' diagnostics');
process.exitCode = diagnostics.length > 0 ? 1 : 0;
`;

/** The projects that build through the transformer, each made on first use. */
export function transformerProjects(install: string) {
  return {
    /** `toolwright build`: CommonJS, node16 resolution. */
    toolwrightBuild: () =>
      project(install, 'toolwright-build', {
        'package.json': packageJson('toolwright-build', 'commonjs'),
        'tsconfig.json': tsconfig({ module: 'node16' }),
        'src/tools.ts': toolsSource(),
        'src/main.ts': mainSource({ extension: '', schemas: false }),
      }),
    /** tsc 5.x patched by ts-patch, the transformer as a tsconfig plugin: ES module, nodenext resolution. */
    tspc: () =>
      project(install, 'tspc', {
        'package.json': packageJson('tspc', 'module'),
        'tsconfig.json': tsconfig({ module: 'nodenext', plugins: [{ transform: '@toolwright/scanner/transformer' }] }),
        'src/tools.ts': toolsSource(),
        'src/main.ts': mainSource({ extension: '.js', schemas: false }),
      }),
    /** ts-jest with the transformer in `astTransformers.before`. */
    tsJest: () =>
      project(install, 'ts-jest', {
        'package.json': packageJson('ts-jest', 'commonjs'),
        'tsconfig.json': tsconfig({ module: 'commonjs', include: ['src', 'test'], extra: { rootDir: '.', types: ['node', 'jest'] } }),
        'jest.config.js': `module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\\\.ts$': ['ts-jest', { astTransformers: { before: ['@toolwright/scanner/transformer'] } }] },
};
`,
        'src/tools.ts': toolsSource(),
        'test/weather.test.ts': jestTestSource({ schemas: false }),
      }),
    /** The Nest CLI with the scanner as a compiler plugin. */
    nest: () =>
      project(install, 'nest', {
        'package.json': packageJson('nest', 'commonjs'),
        'tsconfig.json': tsconfig({ module: 'commonjs' }),
        'nest-cli.json': `${JSON.stringify({ sourceRoot: 'src', compilerOptions: { deleteOutDir: true, plugins: ['@toolwright/scanner'] } }, null, 2)}\n`,
        'src/tools.ts': toolsSource({ injectable: true }),
        'src/main.ts': nestMainSource(),
      }),
    /** A build script on the compiler API of another TypeScript (`typescript6`, `typescript50`). */
    compilerApi: (compiler: string) =>
      project(install, `compiler-api-${compiler}`, {
        'package.json': packageJson(`compiler-api-${compiler}`, 'commonjs'),
        'tsconfig.json': tsconfig({ module: 'node16' }),
        'build.js': COMPILER_API_BUILD,
        'src/tools.ts': toolsSource(),
        'src/main.ts': mainSource({ extension: '', schemas: false }),
      }),
    /** Adds a tool strict mode cannot express to a project. */
    addLooseTool: (dir: string) => writeFiles(dir, { 'src/tally.ts': LOOSE_TOOL_SOURCE }),
  };
}

/**
 * The project every generated-module recipe shares: sources with extensionless relative imports
 * (bundlers, CommonJS), a CommonJS package (swc's output, @swc-node/register), swc and jest
 * configured. With `esm`, an ES module package with nodenext resolution instead (tsc 7), written
 * straight into `dir`.
 */
export function generatedModuleProject(dir: string, options: { esm?: boolean } = {}): string {
  if (options.esm) {
    writeFiles(dir, {
      'tsconfig.json': tsconfig({ module: 'nodenext' }),
      'src/tools.ts': toolsSource(),
      'src/main.ts': mainSource({ extension: '.js', schemas: true }),
    });
    return dir;
  }
  return project(dir, 'generated-module', {
    'package.json': packageJson('generated-module', 'commonjs'),
    'tsconfig.json': tsconfig({ module: 'esnext', include: ['src', 'test'], extra: { rootDir: '.', noEmit: true, types: ['node', 'jest'] } }),
    '.swcrc': SWCRC,
    'jest.config.js': `module.exports = { testEnvironment: 'node', transform: { '^.+\\\\.ts$': '@swc/jest' } };\n`,
    'src/tools.ts': toolsSource(),
    'src/main.ts': mainSource({ extension: '', schemas: true }),
    'test/weather.test.ts': jestTestSource({ schemas: true }),
  });
}

/**
 * A project holding the first TypeScript example of the root README as its `src/main.ts`,
 * verbatim, in a CommonJS (node16) or ES module (nodenext) package.
 */
export function readmeHeadlineProject(install: string, type: 'commonjs' | 'module', readme: string): string {
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.includes('class WeatherTools'));
  if (!block) throw new Error('the root README has no TypeScript example declaring WeatherTools');
  return project(install, `readme-${type}`, {
    'package.json': packageJson(`readme-${type}`, type),
    'tsconfig.json': tsconfig({ module: type === 'module' ? 'nodenext' : 'node16' }),
    'src/main.ts': block,
  });
}
