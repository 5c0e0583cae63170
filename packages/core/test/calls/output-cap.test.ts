import { Agent, Content, Runner, ScriptedModel, ToolResult, defineTool, type ContentPart, type ToolOutputEvent } from '@toolwright/core';

// Issue 30: the output cap keeps the head and the tail of a long output (where a log or a stack
// trace says what went wrong), with the middle marked, for every tool.

const MIB = 1024 * 1024;
const ERROR_LINE = 'Error: connection refused\n    at connect (db.ts:42:7)';
/** A 1 MiB log whose last lines hold the error. */
const LOG = `${'INFO step ok\n'.repeat(Math.ceil(MIB / 13)).slice(0, MIB - ERROR_LINE.length)}${ERROR_LINE}`;

async function runOnce(result: () => unknown, options: { maxOutputBytes?: number } = {}): Promise<{ output: string | ContentPart[]; event: ToolOutputEvent }> {
  const tool = defineTool({ name: 'build', description: 'Runs the build.', parameters: { type: 'object', properties: {} }, invoke: result, ...options });
  const model = new ScriptedModel([{ toolCalls: [{ name: 'build', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
  const stream = new Runner({ model }).stream(new Agent({ name: 'a', tools: [tool] }), 'go');
  let event: ToolOutputEvent | undefined;
  for await (const e of stream) if (e.type === 'tool_output') event = e;
  const run = await stream.result;
  const item = run.history.find((i) => i.type === 'function_call_output') as { output: string | ContentPart[] };
  return { output: item.output, event: event! };
}

describe('the output cap', () => {
  describe('when a text output is longer than the cap', () => {
    it('keeps the error at the end of 1 MiB of log, with the middle marked where it was cut', async () => {
      const { output, event } = await runOnce(() => LOG);
      expect(typeof output).toBe('string');
      const text = output as string;
      expect(text.startsWith('INFO step ok\n'.repeat(100))).toBe(true);
      expect(text.endsWith(ERROR_LINE)).toBe(true);
      expect(text).toMatch(/\n… \[output cut: 983,040 of 1,048,576 bytes left out here \(limit 65,536 bytes\)\]\n/);
      expect(event.truncated).toEqual({ limitBytes: 65_536, originalBytes: MIB, keptBytes: 65_536 });
      expect(event.result.text).toBe(LOG);
    });

    it('never splits a multi-byte character at either end of the cut', async () => {
      const text = `${'€'.repeat(1000)}${'𝄞'.repeat(1000)}`; // 3-byte head, 4-byte (surrogate pair) tail
      const { output, event } = await runOnce(() => text, { maxOutputBytes: 101 });
      // Head: 60 bytes = 20 euros; tail: 41 bytes hold 10 whole clefs (40 bytes).
      expect(output).toBe(`${'€'.repeat(20)}\n… [output cut: 6,900 of 7,000 bytes left out here (limit 101 bytes)]\n${'𝄞'.repeat(10)}`);
      expect(event.truncated).toEqual({ limitBytes: 101, originalBytes: 7000, keptBytes: 100 });
    });

    it('sends an output within the cap unchanged', async () => {
      const { output, event } = await runOnce(() => 'x'.repeat(100), { maxOutputBytes: 100 });
      expect(output).toBe('x'.repeat(100));
      expect(event.truncated).toBeUndefined();
    });
  });

  describe('when a multi-part output is longer than the cap', () => {
    const image = Content.image({ url: 'https://example.com/chart.png' });

    it('cuts the text parts read as one text, keeps the last part with the error, and keeps every image in its place', async () => {
      const parts = [Content.text('build log:\n'), Content.text(LOG.slice(0, MIB / 2)), image, Content.text(LOG.slice(MIB / 2))];
      const { output, event } = await runOnce(() => ToolResult.of(parts), { maxOutputBytes: 1000 });
      expect(Array.isArray(output)).toBe(true);
      const kept = output as ContentPart[];
      expect(kept.map((p) => p.type)).toEqual(['input_text', 'input_text', 'input_image', 'input_text']);
      expect(kept[0]).toEqual({ type: 'input_text', text: 'build log:\n' });
      const second = (kept[1] as { text: string }).text;
      expect(second).toBe(`${LOG.slice(0, 600 - 11)}\n… [output cut: 1,047,587 of 1,048,587 bytes left out here (limit 1,000 bytes)]\n`);
      expect(kept[2]).toEqual(image);
      expect((kept[3] as { text: string }).text).toBe(LOG.slice(-400));
      expect((kept[3] as { text: string }).text.endsWith(ERROR_LINE)).toBe(true);
      expect(event.truncated).toEqual({ limitBytes: 1000, originalBytes: MIB + 11, keptBytes: 1000 });
    });

    it('drops the text parts that lie wholly inside the cut and marks the cut in the part where it begins', async () => {
      const parts = ['a'.repeat(50), 'b'.repeat(50), 'c'.repeat(1000), 'd'.repeat(30)].map((t) => Content.text(t));
      const { output } = await runOnce(() => ToolResult.of([...parts, image]), { maxOutputBytes: 100 });
      expect(output).toEqual([
        { type: 'input_text', text: 'a'.repeat(50) },
        { type: 'input_text', text: `${'b'.repeat(10)}\n… [output cut: 1,030 of 1,130 bytes left out here (limit 100 bytes)]\n` },
        { type: 'input_text', text: 'c'.repeat(10) },
        { type: 'input_text', text: 'd'.repeat(30) },
        image,
      ]);
    });
  });
});
