import 'reflect-metadata';
import * as path from 'path';
import { UserError, loadSchemaManifest, toolsOf, type Tool } from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';
import { getMetadataStorage } from '@toolwright/core/internal';
import { buildManifest, scanTools } from '@toolwright/scanner';
import transformer from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

// "emitDecoratorMetadata": false (many templates' default, and what esbuild, swc and tsx emit
// alike): an @Args DTO's class-validator checks that the schema cannot express must never be
// skipped without a word.
const fixtures = path.join(__dirname, 'fixtures', 'no-metadata');
const tsconfig = path.join(fixtures, 'tsconfig.json');

const named = (tools: Tool[], name: string): Tool => tools.find((t) => t.name === name)!;

describe.each([
  ['the transformer (toolwright build)', 'transformed', true],
  ['a loaded manifest (toolwright scan)', 'plain', false],
] as const)('an @Args DTO without decorator metadata, schemas from %s', (_how, dir, transformed) => {
  let loaded: Record<string, new () => object>;
  beforeAll(() => {
    getMetadataStorage().clear();
    compileFixture(tsconfig, path.join(fixtures, 'dist', dir), (program) => (transformed ? [transformer(program)] : []));
    if (!transformed) loadSchemaManifest(buildManifest(scanTools(fixtureProgram(tsconfig)).tools));
    loaded = require(path.join(fixtures, 'dist', dir, 'dto-tools.js'));
  });

  it('records the checks outside the schema', () => {
    const entry = scanTools(fixtureProgram(tsconfig)).tools.find((t) => t.key === 'UnnamedDto.check')!;
    expect(entry.schema.localChecks).toEqual(['/code: @Matches']);
    // Every check of NoteArgs is in its schema: nothing to record.
    expect(scanTools(fixtureProgram(tsconfig)).tools.find((t) => t.key === 'NamedDto.note')!.schema.localChecks).toBeUndefined();
  });

  it('refuses to build a tool whose DTO class nothing names, saying the flag and the fix', () => {
    let error: unknown;
    try {
      toolsOf(new loaded.UnnamedDto!());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toContain('UnnamedDto.check');
    expect((error as Error).message).toContain('its @Args DTO has checks the schema cannot express (/code: @Matches)');
    expect((error as Error).message).toContain('Fix: name the class, @Args(QueryArgs) (any compiler), or compile with "emitDecoratorMetadata": true');
  });

  it('runs the checks with @Args(TheClass) and @Args(() => TheClass): "zzz" is refused, "ABC" accepted as a DTO instance', async () => {
    const tools = toolsOf(new loaded.NamedDto!());
    const check = named(tools, 'check');
    await expect(executeToolCall(check, { code: 'zzz' })).resolves.toMatchObject({ isError: true, text: expect.stringContaining('/code') });
    await expect(executeToolCall(check, { code: 'ABC' })).resolves.toMatchObject({ text: 'instance: true, code ABC' });
    await expect(executeToolCall(named(tools, 'later'), { xs: 'y' })).resolves.toMatchObject({ isError: true });
    await expect(executeToolCall(named(tools, 'later'), { xs: 'xx' })).resolves.toMatchObject({ text: 'instance: true' });
  });

  it('builds a tool whose DTO checks are all in the schema, and the schema refuses bad input', async () => {
    const note = named(toolsOf(new loaded.NamedDto!()), 'note');
    await expect(executeToolCall(note, { title: 'x', email: 'bad' })).resolves.toMatchObject({ isError: true, text: expect.stringMatching(/\/title[\s\S]*\/email/) });
    await expect(executeToolCall(note, { title: 'hello', email: 'a@b.co' })).resolves.toMatchObject({ text: 'noted hello' });
  });
});
