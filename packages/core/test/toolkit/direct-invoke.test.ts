import 'reflect-metadata';
import { IsEmail, MinLength } from 'class-validator';
import { Args, Param, Runner, ScriptedModel, Agent, Tool, ToolArgumentsError, toolsOf, type ToolContext } from '@toolwright/core';

// Calling a decorated tool's invoke directly (as tests and integrations do) validates exactly
// what the runner's validation stage does: the advertised schema, then the DTO's local checks.
const ctx = { callId: 'direct-1' } as ToolContext;

class NoteArgs {
  @MinLength(5)
  title!: string;

  @IsEmail()
  email!: string;

  /** Optional: the strict schema makes it required-and-nullable; a direct caller may leave it out. */
  tag?: string;
}

class Notes {
  readonly ran: unknown[] = [];

  /** Takes a note. */
  @Tool()
  note(@Args() args: NoteArgs): string {
    this.ran.push(args);
    return `noted ${args.title}${args.tag ? ` #${args.tag}` : ''}`;
  }

  /** Adds. */
  @Tool()
  add(@Param('a') a: number, @Param('b') b?: number): number {
    this.ran.push([a, b]);
    return a + (b ?? 0);
  }
}

function tools() {
  const notes = new Notes();
  const [note, add] = toolsOf(notes);
  return { notes, note: note!, add: add! };
}

const rejection = async (work: () => unknown): Promise<ToolArgumentsError> => {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolArgumentsError);
    return error as ToolArgumentsError;
  }
  throw new Error('the call was not refused');
};

describe("a decorated tool's invoke called directly", () => {
  it('refuses what the schema refuses (@MinLength, @IsEmail), naming each field; the method never runs', async () => {
    const { notes, note } = tools();
    const error = await rejection(() => note.invoke(ctx, { title: 'x', email: 'bad' }));
    expect(error.message).toMatch(/\/title/);
    expect(error.message).toMatch(/\/email/);
    expect(error.callId).toBe('direct-1');
    expect(notes.ran).toEqual([]);
  });

  it('accepts valid arguments in the shape the runner gives them: optional fields absent or null', async () => {
    const { note } = tools();
    await expect(Promise.resolve(note.invoke(ctx, { title: 'hello', email: 'a@b.co' }))).resolves.toBe('noted hello');
    await expect(Promise.resolve(note.invoke(ctx, { title: 'hello', email: 'a@b.co', tag: 'x' }))).resolves.toBe('noted hello #x');
    await expect(Promise.resolve(note.invoke(ctx, { title: 'hello', email: 'a@b.co', tag: null }))).resolves.toBe('noted hello');
  });

  it('refuses unknown keys, wrong types, missing required fields and prototype keys for @Param tools too', async () => {
    const { notes, add } = tools();
    await rejection(() => add.invoke(ctx, { a: 'one' }));
    await rejection(() => add.invoke(ctx, {}));
    await rejection(() => add.invoke(ctx, { a: 1, c: 2 }));
    await rejection(() => add.invoke(ctx, JSON.parse('{"a":1,"__proto__":{"polluted":true}}')));
    await rejection(() => add.invoke(ctx, { a: Number.NaN }));
    expect(notes.ran).toEqual([]);
    expect(await add.invoke(ctx, { a: 1 })).toBe(1);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('runs the method once in a run, on the arguments the validation stage passed', async () => {
    const { notes, note } = tools();
    const model = new ScriptedModel([{ toolCalls: [{ name: 'note', arguments: { title: 'hello', email: 'a@b.co', tag: null }, callId: 'c1' }] }, { text: 'ok' }]);
    await new Runner({ model }).run(new Agent({ name: 'a', tools: [note] }), 'go');
    expect(notes.ran).toHaveLength(1);
  });
});
