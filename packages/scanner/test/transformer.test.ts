import 'reflect-metadata';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { loadSchemaManifest, toStrictSchema, toolsOf, type Tool } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import { buildManifest, embeddedSchemaText, loadProgram, scanTools, type ToolSchemaEntry } from '@toolwright/scanner';
import { strictEmbeddedForm } from '../src/transformer/embedded-text';
import * as ts from 'typescript';
import transformer, { factory, name, TOOLWRIGHT_DIAGNOSTIC_CODE, version } from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

const fixtures = path.join(__dirname, 'fixtures', 'runtime');
const tsconfig = path.join(fixtures, 'tsconfig.json');

/** The first file named `name` under `dir`. */
function findFile(dir: string, name: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Runs emitted code against a stand-in core and returns the arguments of each `@Tool(...)` call,
 * with an embedded schema emitted as JSON text parsed back into an object.
 */
function captureToolCalls(js: string): unknown[][] {
  const calls: unknown[][] = [];
  const decode = (args: unknown[]): unknown[] => (typeof args[1] === 'string' ? [args[0], JSON.parse(args[1])] : args);
  const core = { Tool: (...args: unknown[]) => (calls.push(decode(args)), () => undefined), Param: () => () => undefined };
  const module = { exports: {} };
  new Function('require', 'exports', 'module', js)(() => core, module.exports, module);
  return calls;
}

/** The second arguments of the `@Tool(...)` calls of emitted code that are strings, as emitted. */
function emittedTexts(js: string): string[] {
  const texts: string[] = [];
  const core = { Tool: (...args: unknown[]) => (typeof args[1] === 'string' && texts.push(args[1]), () => undefined), Param: () => () => undefined };
  new Function('require', 'exports', 'module', js)(() => core, {}, { exports: {} });
  return texts;
}

let programEmit: ReturnType<typeof compileFixture> | undefined;

/**
 * The fixture emitted through the program transformer with its default options, once per test
 * file: the tests of its code and of its diagnostics read the same emit.
 */
function emittedByDefault(): ReturnType<typeof compileFixture> {
  programEmit ??= compileFixture(tsconfig, path.join(fixtures, 'dist', 'transformed'), (program) => [transformer(program)]);
  return programEmit;
}

/** What the model is shown, per tool. */
function shown(tools: Tool[]): Record<string, unknown> {
  return Object.fromEntries(tools.map((tool) => [tool.name, { description: tool.description, parameters: tool.parameters, strict: tool.strict }]));
}

describe('the schema transformer', () => {
  describe('when compiling with tsc / ts-patch (program transformer)', () => {
    const { js } = emittedByDefault();
    const source = js.get('trip-tools') as string;

    const calls = captureToolCalls(source);
    const entries = new Map(scanTools(fixtureProgram(tsconfig)).tools.map((tool) => [tool.key, tool.schema]));
    // What the transformer embeds for a strict tool with literal options: the strict form.
    const scanned = new Map([...entries].map(([key, entry]) => [key, strictEmbeddedForm(entry)]));

    it('embeds the scanned schema, made strict, as JSON text, as the second argument of an aliased @Tool call', () => {
      const book = entries.get('TripTools.book') as ToolSchemaEntry;
      expect(emittedTexts(source)[0]).toBe(embeddedSchemaText(book, { strict: true }));
      expect(calls[0]).toEqual([{ timeoutMs: 1000 }, scanned.get('TripTools.book')]);
      expect(scanned.get('TripTools.book')?.dates).toEqual(['/legs/*/departure', '/when']);
      // Core's own strict rewrite of the loose schema, and what it knows besides: seats was optional.
      expect(scanned.get('TripTools.book')?.parameters).toEqual(toStrictSchema(book.parameters));
      expect(scanned.get('TripTools.book')?.strict).toEqual({ optional: { '': ['seats'] } });
      expect(book.parameters.required).toEqual(['legs', 'when']);
    });

    it('embeds into a namespace-qualified @tw.Tool() call, passing undefined options', () => {
      expect(calls[1]).toEqual([undefined, scanned.get('TripTools.cancel')]);
      expect(calls[1][1]).toMatchObject({ parameters: { properties: { id: { pattern: '^[A-Z]{3}$' } }, additionalProperties: false }, strict: {} });
    });

    it('leaves a call that already has an embedded schema alone', () => {
      expect(calls[2]).toEqual([{}, { parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } }]);
    });

    it('emits code whose tools carry the scanned schemas', () => {
      const { TripTools } = require(path.join(fixtures, 'dist', 'transformed', 'trip-tools.js'));
      const tools = toolsOf(new TripTools());
      expect(tools.map((tool) => tool.name)).toEqual(['book', 'cancel', 'handmade']);
      const book = tools[0];
      expect(book.description).toBe('Book a trip.');
      expect(book.parameters).toMatchObject({
        additionalProperties: false,
        required: ['legs', 'when', 'seats'],
        properties: { seats: { enum: expect.arrayContaining([1, 2, 3, null]) }, legs: { description: 'The legs, in order.' } },
      });
    });

    it('turns the Date fields of a tool into Date objects before the method runs', async () => {
      const { TripTools } = require(path.join(fixtures, 'dist', 'transformed', 'trip-tools.js'));
      const [book] = toolsOf(new TripTools());
      const output = await book.invoke({} as never, {
        legs: [{ from: 'OSL', departure: '2030-01-02T03:04:05.000Z' }],
        when: '2030-01-01T00:00:00.000Z',
        seats: null,
      });
      expect(output).toBe('OSL@2030-01-02T03:04:05.000Z on 2030-01-01T00:00:00.000Z x1');
    });
  });

  describe('when loaded by ts-jest', () => {
    it('exports name, version and a factory that reads the language service program per file', () => {
      expect(name).toBe('toolwright-schema-transformer');
      expect(version).toMatch(/^\d+$/);
      let calls = 0;
      const raised: ts.Diagnostic[] = [];
      const { js } = compileFixture(tsconfig, path.join(fixtures, 'dist', 'ts-jest'), (program) => [
        factory({
          _languageService: {
            getProgram: () => {
              calls++;
              return program;
            },
          },
          configSet: { compilerModule: ts, raiseDiagnostics: (diagnostics) => void raised.push(...diagnostics) },
        }),
      ]);
      expect(calls).toBeGreaterThan(0);
      // Scan errors are raised through ts-jest, which fails the test file like a type error.
      expect(raised.map((d) => [path.basename(d.file?.fileName ?? ''), d.code])).toEqual([['loose-tools.ts', TOOLWRIGHT_DIAGNOSTIC_CODE]]);
      // Single-quoted, so the JSON's own quotes need no escaping.
      expect(js.get('trip-tools')).toContain(`'{"parameters":{"type":"object","properties":{"legs"`);
    });
  });

  describe('when compiled by ts-patch (tspc) from a tsconfig plugin entry', () => {
    it('embeds the schemas', () => {
      const outDir = path.join(fixtures, 'dist', 'tspc');
      fs.rmSync(outDir, { recursive: true, force: true });
      // ts-patch's own bin, run by Node as npx would run it (without npx's second of start-up).
      const tspc = path.join(path.dirname(require.resolve('ts-patch')), 'bin', 'tspc.js');
      spawnSync(process.execPath, [tspc, '-p', path.join(fixtures, 'tsconfig.tspc.json')], { cwd: fixtures, encoding: 'utf8' });
      const emitted = findFile(outDir, 'trip-tools.js');
      expect(emitted).toBeDefined();
      const calls = captureToolCalls(fs.readFileSync(emitted as string, 'utf8'));
      const scanned = new Map(scanTools(fixtureProgram(tsconfig)).tools.map((tool) => [tool.key, strictEmbeddedForm(tool.schema)]));
      expect(calls.map((call) => call[1])).toEqual([
        scanned.get('TripTools.book'),
        scanned.get('TripTools.cancel'),
        { parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
      ]);
    }, 60_000);
  });

  describe('when a tool cannot be strict', () => {
    const formatHost: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => fixtures, getNewLine: () => '\n' };

    it('adds a compiler error to the emit result by default, naming file, line, column, tool, field and fix', () => {
      const { diagnostics } = emittedByDefault();
      const ours = diagnostics.filter((d) => d.code === TOOLWRIGHT_DIAGNOSTIC_CODE);
      expect(ours).toHaveLength(1);
      expect(ours[0].category).toBe(ts.DiagnosticCategory.Error);
      expect(ts.formatDiagnostics(ours, formatHost)).toMatch(
        /^loose-tools\.ts\(6,9\): error TS90001: toolwright: tool tally, parameter "counts": is a map with arbitrary keys .* — use an interface with known keys/,
      );
    });

    it("embeds the loose schema under { diagnostics: 'ignore' } and leaves the error to core's registration", () => {
      const { js, diagnostics } = compileFixture(tsconfig, path.join(fixtures, 'dist', 'loose'), (program) => [transformer(program, { diagnostics: 'ignore' })]);
      expect(js.get('loose-tools')).toContain('"additionalProperties":{"type":"number"}');
      expect(diagnostics.filter((d) => d.code === TOOLWRIGHT_DIAGNOSTIC_CODE)).toEqual([]);
    });

    it('throws the formatted errors when it joins an emit that was already running (no result to add them to)', () => {
      const program = loadProgram(tsconfig).program;
      const emitInline = (): ts.EmitResult => program.emit(undefined, () => undefined, undefined, false, { before: [transformer(program)] });
      expect(emitInline).toThrow(/toolwright: cannot build tool schemas:\n.*loose-tools\.ts\(6,9\): error TS90001: toolwright: tool tally/);
    });

    it('refuses options it does not know how to honour', () => {
      const program = fixtureProgram(tsconfig);
      expect(() => transformer(program, { diagnostics: 'loud' as never })).toThrow(/"diagnostics" must be one of "error", "warn", "ignore", got "loud"/);
      expect(() => transformer(program, { coreModules: [] })).toThrow(/"coreModules" must be a non-empty array/);
    });
  });
});

describe('a manifest loaded at run time', () => {
  it('gives the same tools as the transformer', () => {
    emittedByDefault();
    compileFixture(tsconfig, path.join(fixtures, 'dist', 'plain'));
    const { tools } = scanTools(fixtureProgram(tsconfig), { includeFile: (file) => file.endsWith('trip-tools.ts') });
    const viaTransformer = require(path.join(fixtures, 'dist', 'transformed', 'trip-tools.js')).TripTools;
    const plainClass = require(path.join(fixtures, 'dist', 'plain', 'trip-tools.js')).TripTools;
    expect(() => toolsOf(new plainClass())).toThrow(/TripTools\.book|book/);
    expect(loadSchemaManifest(buildManifest(tools) as never)).toBe(3);
    try {
      expect(shown(toolsOf(new plainClass()))).toEqual(shown(toolsOf(new viaTransformer())));
    } finally {
      getMetadataStorage().clear();
    }
  });
});
