import * as fs from 'fs';
import * as path from 'path';
import { useScratchDir } from '../../test-support/scratch-dir';

// The bundle scripts are plain CommonJS modules of the repository, not part of a package.
const { settleExports, assertNoMutableExports } = require('../bundle/settle-exports') as {
  settleExports: (file: string) => void;
  assertNoMutableExports: (srcDir: string) => void;
};

describe('settled exports (scripts/bundle/settle-exports.js)', () => {
  const scratch = useScratchDir('toolwright-settle-exports-');
  const { write } = scratch;

  /** A CommonJS output as esbuild writes it: export getters, wrapped again by __toCommonJS. */
  const output = (): string => write('index.cjs', [
    '"use strict";',
    'var __defProp = Object.defineProperty;',
    'var __getOwnPropDesc = Object.getOwnPropertyDescriptor;',
    'var __getOwnPropNames = Object.getOwnPropertyNames;',
    'var __hasOwnProp = Object.prototype.hasOwnProperty;',
    'var __export = (target, all) => {',
    '  for (var name2 in all)',
    '    __defProp(target, name2, { get: all[name2], enumerable: true });',
    '};',
    'var __copyProps = (to, from, except, desc) => {',
    '  if (from && typeof from === "object" || typeof from === "function") {',
    '    for (let key of __getOwnPropNames(from))',
    '      if (!__hasOwnProp.call(to, key) && key !== except)',
    '        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });',
    '  }',
    '  return to;',
    '};',
    'var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);',
    'var index_exports = {};',
    '__export(index_exports, {',
    '  Late: () => Late,',
    '  Runner: () => import_runner_load().Runner,',
    '  helper: () => import_chunk.helper',
    '});',
    'module.exports = __toCommonJS(index_exports);',
    'var import_chunk = { helper: () => 42 };',
    'globalThis.__runnerLoads = 0;',
    'var import_runner_load = () => (globalThis.__runnerLoads++, { Runner: class Runner {} });',
    'var Late = class Late {};',
    '//# sourceMappingURL=index.cjs.map',
    '',
  ].join('\n'));

  it('turn getters into values once the body has run, and leave lazy getters alone', () => {
    const file = output();
    const before = fs.readFileSync(file, 'utf8').split('\n');
    settleExports(file);
    const text = fs.readFileSync(file, 'utf8');
    // Mapped lines keep their numbers: lines are only added before the source map comment.
    const mapped = before.length - 2;
    expect(text.split('\n').slice(0, mapped)).toEqual(before.slice(0, mapped));
    expect(text.split('\n').length).toBeGreaterThan(before.length);
    expect(text.trimEnd().endsWith('//# sourceMappingURL=index.cjs.map')).toBe(true);
    const api = require(file) as Record<string, unknown>;
    const g = globalThis as { __runnerLoads?: number };
    expect(g.__runnerLoads).toBe(0);
    // A plain value, as TypeScript's own CommonJS output has it (`exports.Late = Late`).
    expect(Object.getOwnPropertyDescriptor(api, 'Late')).toEqual({ value: expect.any(Function), enumerable: true, writable: true, configurable: true });
    expect(Object.keys(api)).toEqual(['Late', 'Runner', 'helper']);
    expect(api.__esModule).toBe(true);
    expect((api.helper as () => number)()).toBe(42);
    expect(Object.getOwnPropertyDescriptor(api, 'Runner')?.get).toEqual(expect.any(Function));
    expect(typeof api.Runner).toBe('function');
    expect(g.__runnerLoads).toBe(1);
  });

  it('refuse an export line it does not know (esbuild changed its output)', () => {
    const other = output();
    fs.writeFileSync(other, fs.readFileSync(other, 'utf8').replace('  Late: () => Late,', '  Late: () => { return Late; },'));
    expect(() => settleExports(other)).toThrow(/unexpected line in the __export block of index_exports/);
  });

  it('refuse sources exporting a binding that can change after load', () => {
    write('src/ok.ts', 'let counter = 0;\nexport function next() { return ++counter; }\nexport { next as advance };\n');
    expect(() => assertNoMutableExports(path.join(scratch.path, 'src'))).not.toThrow();
    write('src/deep/bad.ts', 'export let current = 1;\n');
    expect(() => assertNoMutableExports(path.join(scratch.path, 'src'))).toThrow(/bad\.ts: exports "current"/);
    write('src/deep/bad.ts', 'let current = 1;\nexport { current as now };\n');
    expect(() => assertNoMutableExports(path.join(scratch.path, 'src'))).toThrow(/bad\.ts: exports "current"/);
  });
});
