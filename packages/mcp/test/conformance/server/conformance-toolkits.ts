// The tools, resources and prompts the MCP conformance suite's server scenarios expect (its
// reference "everything server"), written as Toolwright toolkits: decorated methods, ctx.log /
// elicit / sample, Content parts. Nothing here speaks the protocol: serveMcp does.
import { Content, Ctx, Param, Tool, ToolResult, defineTool, userMessage, type ToolContext } from '@toolwright/core';
import { Prompt, Resource, ResourceTemplate } from '@toolwright/mcp';

/** A 1×1 red PNG. */
export const TEST_IMAGE_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A minimal WAV file. */
export const TEST_AUDIO_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const image = () => Content.image({ data: Buffer.from(TEST_IMAGE_BASE64, 'base64'), mimeType: 'image/png' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ConformanceTools {
  @Tool({ name: 'test_simple_text', description: 'Tests simple text content response' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Tests image content response' })
  imageContent(): ToolResult {
    return ToolResult.of(image());
  }

  @Tool({ name: 'test_audio_content', description: 'Tests audio content response' })
  audioContent(): ToolResult {
    return ToolResult.of(Content.audio({ data: Buffer.from(TEST_AUDIO_BASE64, 'base64'), mimeType: 'audio/wav' }));
  }

  @Tool({ name: 'test_embedded_resource', description: 'Tests embedded resource content response' })
  embeddedResource(): ToolResult {
    return ToolResult.of(Content.file({ data: 'This is an embedded resource content.', filename: 'embedded.txt', mimeType: 'text/plain', uri: 'test://embedded-resource' }));
  }

  @Tool({ name: 'test_multiple_content_types', description: 'Tests response with multiple content types (text, image, resource)' })
  multipleContentTypes(): ToolResult {
    return ToolResult.of([
      Content.text('Multiple content types test:'),
      image(),
      Content.file({ data: JSON.stringify({ test: 'data', value: 123 }), filename: 'mixed.json', mimeType: 'application/json', uri: 'test://mixed-content-resource' }),
    ]);
  }

  @Tool({ name: 'test_tool_with_logging', description: 'Tests tool that emits log messages during execution' })
  async withLogging(@Ctx() ctx: ToolContext): Promise<string> {
    ctx.log('info', 'Tool execution started');
    await sleep(50);
    ctx.log('info', 'Tool processing data');
    await sleep(50);
    ctx.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool({ name: 'test_tool_with_progress', description: 'Tests tool that reports progress notifications' })
  async withProgress(@Ctx() ctx: ToolContext): Promise<string> {
    for (const step of [0, 50, 100]) {
      ctx.emit(ToolResult.text(`Completed step ${step} of 100`).withDetails({ progress: step, total: 100 }));
      if (step < 100) await sleep(50);
    }
    return 'Progress test completed';
  }

  @Tool({ name: 'test_error_handling', description: 'Tests error response handling' })
  errorHandling(): never {
    throw new Error('This tool intentionally returns an error for testing');
  }

  @Tool({ name: 'test_reconnection', description: 'Tests SSE stream disconnection and client reconnection (SEP-1699): the call outlives the server\'s polling interval.' })
  async reconnection(): Promise<string> {
    await sleep(400);
    return 'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.';
  }

  @Tool({ name: 'test_sampling', description: 'Tests server-initiated sampling (LLM completion request)' })
  async sampling(@Param('prompt', { description: 'The prompt to send to the LLM' }) prompt: string, @Ctx() ctx: ToolContext): Promise<string> {
    return `LLM response: ${await ctx.sample([userMessage(prompt)], { maxTokens: 100 })}`;
  }

  @Tool({ name: 'test_elicitation', description: 'Tests server-initiated elicitation (user input request)' })
  async elicitation(@Param('message', { description: 'The message to show the user' }) message: string, @Ctx() ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit(message, {
      type: 'object',
      properties: { response: { type: 'string', description: "User's response" } },
      required: ['response'],
    });
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }

  @Tool({ name: 'test_elicitation_sep1034_defaults', description: 'Tests elicitation with default values per SEP-1034' })
  async elicitationDefaults(@Ctx() ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit('Please review and update the form fields with defaults', {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }

  @Tool({ name: 'test_elicitation_sep1330_enums', description: 'Tests elicitation with enum schema improvements per SEP-1330' })
  async elicitationEnums(@Ctx() ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit('Please select options from the enum fields', {
      type: 'object',
      properties: {
        untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
        titledSingle: {
          type: 'string',
          description: 'Select one option with titles',
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
            { const: 'value3', title: 'Third Option' },
          ],
        },
        legacyEnum: { type: 'string', description: 'Select one option (legacy)', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
        untitledMulti: { type: 'array', description: 'Select multiple options', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
        titledMulti: {
          type: 'array',
          description: 'Select multiple options with titles',
          minItems: 1,
          maxItems: 3,
          items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] },
        },
      },
      required: [],
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }
}

/** SEP-1613: a tool whose schema keeps `$schema`, `$defs` and `additionalProperties` as declared. */
export const jsonSchema2020Tool = defineTool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
  strict: false,
  parameters: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  },
  invoke: (_ctx, args) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`,
});

export class ConformanceResources {
  @Resource('test://static-text', { name: 'static-text', title: 'Static Text Resource', description: 'A static text resource for testing', mimeType: 'text/plain' })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', { name: 'static-binary', title: 'Static Binary Resource', description: 'A static binary resource (image) for testing', mimeType: 'image/png' })
  staticBinary(): Uint8Array {
    return Buffer.from(TEST_IMAGE_BASE64, 'base64');
  }

  @ResourceTemplate('test://template/{id}/data', {
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    complete: { id: (value) => ['123', '456', '789'].filter((id) => id.startsWith(value)) },
  })
  template(@Param('id') id: string): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }

  @Resource('test://watched-resource', { name: 'watched-resource', title: 'Watched Resource', description: 'A resource subscribers hear about when it changes', mimeType: 'text/plain' })
  watched(): string {
    return 'Watched resource content';
  }
}

export class ConformancePrompts {
  @Prompt({ name: 'test_simple_prompt', title: 'Simple Test Prompt', description: 'A simple prompt without arguments' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({
    name: 'test_prompt_with_arguments',
    title: 'Prompt With Arguments',
    description: 'A prompt with required arguments',
    complete: { arg1: (value) => ['hello', 'help'].filter((v) => v.startsWith(value)) },
  })
  withArguments(@Param('arg1', { description: 'First test argument' }) arg1: string, @Param('arg2', { description: 'Second test argument' }) arg2: string): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({ name: 'test_prompt_with_embedded_resource', title: 'Prompt With Embedded Resource', description: 'A prompt that includes an embedded resource' })
  withEmbeddedResource(@Param('resourceUri', { description: 'URI of the resource to embed' }) resourceUri: string) {
    return [
      { role: 'user' as const, content: Content.file({ data: 'Embedded resource content for testing.', filename: 'embedded.txt', mimeType: 'text/plain', uri: resourceUri }) },
      { role: 'user' as const, content: 'Please process the embedded resource above.' },
    ];
  }

  @Prompt({ name: 'test_prompt_with_image', title: 'Prompt With Image', description: 'A prompt that includes image content' })
  withImage() {
    return [
      { role: 'user' as const, content: image() },
      { role: 'user' as const, content: 'Please analyze the image above.' },
    ];
  }
}
