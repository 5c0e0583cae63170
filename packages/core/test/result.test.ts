import { Content, ToolResult, toToolResult, toModelOutput } from '@toolwright/core';
import { detailsRoundTripProblem } from '../src/result/tool-result';

describe('ToolResult', () => {
  it('wraps strings, values and content parts', () => {
    expect(toToolResult('hi').content).toEqual([{ type: 'input_text', text: 'hi' }]);
    expect(toToolResult({ a: 1 }).text).toBe('{"a":1}');
    expect(toToolResult(undefined).text).toBe('');
    const image = Content.image({ data: new Uint8Array([1, 2]), mimeType: 'image/png' });
    expect(image).toEqual({ type: 'input_image', imageUrl: 'data:image/png;base64,AQI=' });
    expect(toToolResult([Content.text('a'), image]).content).toHaveLength(2);
    const r = ToolResult.text('x');
    expect(toToolResult(r)).toBe(r);
  });

  it('builders return new results and keep content', () => {
    const base = ToolResult.text('x');
    const refined = base.withDetails({ a: 1 }).withTitle('t').asTerminal().asError();
    expect(base.details).toBeUndefined();
    expect(refined).toMatchObject({ details: { a: 1 }, title: 't', terminate: true, isError: true });
    expect(refined.text).toBe('x');
  });

  it('sends text-only output as a string and mixed output as a content list', () => {
    expect(toModelOutput(ToolResult.text('x'))).toBe('x');
    const mixed = ToolResult.of([Content.text('see'), Content.image({ url: 'https://x/y.png' })]);
    expect(toModelOutput(mixed)).toEqual(mixed.content);
  });

  it('finds details that do not survive a JSON round-trip', () => {
    expect(detailsRoundTripProblem({ a: [1, 'x', null, { b: true }] })).toBeUndefined();
    expect(detailsRoundTripProblem({ when: new Date() })).toMatch(/details\.when is an instance of Date/);
    expect(detailsRoundTripProblem({ f: () => 1 })).toMatch(/details\.f is a function/);
    expect(detailsRoundTripProblem({ n: NaN })).toMatch(/NaN/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(detailsRoundTripProblem(cyclic)).toMatch(/circular/);
  });
});
