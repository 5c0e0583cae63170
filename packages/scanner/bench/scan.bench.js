#!/usr/bin/env node
// Benchmark of the scanner (run after `npm run build`): `npm run bench -w @toolwright/scanner`.
//   1. scan 200 generated tools (20 files × 10 tools: @Param and @Args DTOs with class-validator,
//      enums, nested objects) from a cold start — target under 10 s;
//   2. compile 1,000 generated tools through the transformer, load them and register them with
//      toolsOf from their embedded schemas — target under 50 ms for the registration.
'use strict';
const fs = require('fs');
const path = require('path');
const { performance } = require('perf_hooks');
const { scanTools, loadProgram, createSchemaTransformer } = require('../dist/index.js');

const os = require('os');

// Generated projects live outside the repository (so editors, tsc and ts-jest never pick them
// up), with a link to the repository's node_modules for module resolution.
const repoRoot = path.resolve(__dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-bench-'));
fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));

function toolkitSource(fileIndex, toolsPerFile) {
  const lines = [
    "import { Args, Param, Tool } from '@toolwright/core';",
    "import { IsEnum, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';",
    "import { Type } from 'class-transformer';",
    '',
    `export enum Mode${fileIndex} { Fast = 'fast', Careful = 'careful' }`,
    '',
    `export class Target${fileIndex} {`,
    '  @IsString() @MaxLength(80) name!: string;',
    '  @IsOptional() @IsInt() @Min(0) weight?: number;',
    '}',
    '',
    `export class Job${fileIndex} {`,
    `  @ValidateNested() @Type(() => Target${fileIndex}) target!: Target${fileIndex};`,
    `  @IsEnum(Mode${fileIndex}) mode!: Mode${fileIndex};`,
    '  @IsInt() @Min(1) @Max(10) retries!: number;',
    '  tags?: string[];',
    '}',
    '',
    `export class Toolkit${fileIndex} {`,
  ];
  for (let t = 0; t < toolsPerFile; t++) {
    lines.push(
      t % 2 === 0
        ? [
            `  /**`,
            `   * Tool ${t} of toolkit ${fileIndex}.`,
            `   * @param query What to look for.`,
            `   */`,
            `  @Tool()`,
            `  find${t}(@Param('query') query: string, @Param('limit', { minimum: 1 }) limit?: number, @Param('mode') mode?: Mode${fileIndex}, @Param('when') when?: Date): string {`,
            '    return `${query}${limit}${mode}${when}`;',
            '  }',
          ].join('\n')
        : [`  /** Job ${t} of toolkit ${fileIndex}. */`, '  @Tool()', `  run${t}(@Args() job: Job${fileIndex}): string {`, '    return job.target.name;', '  }'].join('\n'),
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}

function generate(dir, files, toolsPerFile) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  for (let f = 0; f < files; f++) fs.writeFileSync(path.join(dir, 'src', `toolkit-${f}.ts`), toolkitSource(f, toolsPerFile));
  const index = Array.from({ length: files }, (_, f) => `export { Toolkit${f} } from './toolkit-${f}';`).join('\n');
  fs.writeFileSync(path.join(dir, 'src', 'index.ts'), `${index}\n`);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: path.join(repoRoot, 'tsconfig.base.json'),
        compilerOptions: { composite: false, declaration: false, declarationMap: false, sourceMap: false, rootDir: 'src', outDir: 'dist' },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  return path.join(dir, 'tsconfig.json');
}

function ms(value) {
  return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
}

// 1. Scan 200 tools, cold.
const scanConfig = generate(path.join(root, 'scan-200'), 20, 10);
let start = performance.now();
const { program } = loadProgram(scanConfig);
const programMs = performance.now() - start;
start = performance.now();
const scan = scanTools(program);
const scanMs = performance.now() - start;
if (scan.tools.length !== 200) throw new Error(`expected 200 tools, scanned ${scan.tools.length}`);
const errors = scan.diagnostics.filter((d) => d.category === 'error');
if (errors.length > 0) throw new Error(`unexpected scan errors: ${JSON.stringify(errors.slice(0, 3))}`);
console.log(`scan of 200 tools: ${ms(programMs + scanMs)} (program ${ms(programMs)}, scan ${ms(scanMs)}) — target < 10000 ms`);

// 2. Compile 1,000 tools through the transformer, then register them from the embedded schemas.
const registerConfig = generate(path.join(root, 'register-1000'), 50, 20);
start = performance.now();
const big = loadProgram(registerConfig).program;
const emitted = big.emit(undefined, undefined, undefined, false, { before: [createSchemaTransformer(() => big)] });
if (emitted.emitSkipped) throw new Error('emit of the 1,000-tool project was skipped');
console.log(`compile of 1,000 tools through the transformer: ${ms(performance.now() - start)}`);

require('reflect-metadata');
start = performance.now();
const toolkits = require(path.join(root, 'register-1000', 'dist', 'index.js'));
const loadMs = performance.now() - start;
const { toolsOf } = require('@toolwright/core');
start = performance.now();
let count = 0;
for (const Toolkit of Object.values(toolkits)) count += toolsOf(new Toolkit()).length;
const registerMs = performance.now() - start;
if (count !== 1000) throw new Error(`expected 1000 tools, registered ${count}`);
console.log(`register 1,000 tools (toolsOf, strict rewrite + validator setup): ${ms(registerMs)} — target < 50 ms`);
console.log(`  loading the modules (decorators record metadata): ${ms(loadMs)}`);
