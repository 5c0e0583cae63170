import { ToolArgumentsError, defineTool, parseToolArguments } from '@toolwright/core';

// RFC 6901 §6: a $ref's fragment is percent-decoded as a whole, then read as a JSON pointer, so
// "%2F" separates segments like "/". "#/$defs/A%2Fproperties%2FB" is $defs.A.properties.B (a
// string here), not the $defs entry named "A/properties/B" (a number), which is "#/$defs/A~1properties~1B".
const defs = {
  A: { type: 'object', properties: { B: { type: 'string' } }, required: ['B'], additionalProperties: false },
  'A/properties/B': { type: 'number' },
};

function toolWith(ref: string, strict: boolean) {
  return defineTool({
    name: 'pick',
    description: 'Pick a value.',
    strict,
    parameters: { type: 'object', properties: { value: { $ref: ref } }, required: ['value'], additionalProperties: false, $defs: defs },
    invoke: (_ctx, args) => args,
  });
}

describe('a $ref whose fragment holds a percent-encoded "/"', () => {
  for (const strict of [true, false]) {
    it(`resolves the whole decoded pointer (strict: ${strict})`, () => {
      const tool = toolWith('#/$defs/A%2Fproperties%2FB', strict);
      expect(parseToolArguments(tool, '{"value":"x"}')).toEqual({ value: 'x' });
      expect(() => parseToolArguments(tool, '{"value":1}')).toThrow(ToolArgumentsError);
    });

    it(`reaches a key holding "/" through "~1" (strict: ${strict})`, () => {
      const tool = toolWith('#/$defs/A~1properties~1B', strict);
      expect(parseToolArguments(tool, '{"value":1}')).toEqual({ value: 1 });
      expect(() => parseToolArguments(tool, '{"value":"x"}')).toThrow(ToolArgumentsError);
    });
  }
});
