import OpenAI from 'openai';
import type { FunctionCallItem, Item, ModelToolDefinition } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { collect, completedOf, request } from '../../../test-support/model-stream';
import { message, response } from './fixtures/responses-wire';

const PATH = '/v1/responses';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

const client = () => new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL, maxRetries: 0 });
const responses = (model = 'gpt-5.1') => new OpenAIResponsesModel({ client: client(), model });
const params = { type: 'object', properties: {}, additionalProperties: false };

/** The tool pair a CodeToolkit offers, and an apply_patch tool, as the runner hands them to a model. */
const execCommand: ModelToolDefinition = { name: 'exec_command', description: 'Run a command.', parameters: params, strict: true, native: { type: 'shell', when: 'auto', form: 'function' } };
const shell: ModelToolDefinition = { name: 'shell', description: 'Run commands.', parameters: params, strict: true, native: { type: 'shell', when: 'auto', form: 'native' } };
const applyPatch: ModelToolDefinition = { name: 'apply_patch', description: 'Patch files.', parameters: params, strict: true, native: { type: 'apply_patch', when: 'auto' } };
const tools = [execCommand, shell, applyPatch];

const action = { commands: ['ls -la', 'cat README.md'], timeout_ms: 5000, max_output_length: 2048 };
const shellCallItem = { id: 'sh_1', type: 'shell_call', call_id: 'call_sh', status: 'completed', environment: null, action };

describe('OpenAIResponsesModel with built-in tools', () => {
  describe('when it builds the request', () => {
    it('offers the built-ins to GPT-5.1 and the functions to other models', async () => {
      server.enqueue(PATH, { kind: 'json', body: response('r1', [message('ok')]) }, { kind: 'json', body: response('r2', [message('ok')]) });
      await responses().respond(request({ tools }));
      await responses('gpt-4.1').respond(request({ tools }));
      expect(server.requests[0]!.body.tools).toEqual([{ type: 'shell', environment: { type: 'local' } }, { type: 'apply_patch' }]);
      expect(server.requests[1]!.body.tools.map((t: { type: string; name?: string }) => `${t.type}:${t.name}`)).toEqual(['function:exec_command', 'function:apply_patch']);
    });

    it('keeps the function when no tool offers the built-in it stands in for', async () => {
      server.enqueue(PATH, { kind: 'json', body: response('r1', [message('ok')]) });
      await responses().respond(request({ tools: [execCommand] }));
      expect(server.requests[0]!.body.tools).toEqual([expect.objectContaining({ type: 'function', name: 'exec_command' })]);
    });
  });

  describe('when the model calls the built-in shell', () => {
    it('maps a non-streamed shell_call onto the shell tool, keeping the action to send back', async () => {
      const hosted = { ...shellCallItem, id: 'sh_2', call_id: 'call_hosted', environment: { type: 'container_reference', container_id: 'cntr_1' } };
      server.enqueue(PATH, { kind: 'json', body: response('r1', [shellCallItem, hosted]) });
      const answer = await responses().respond(request({ tools }));
      expect(answer.output).toEqual([
        { type: 'function_call', callId: 'call_sh', name: 'shell', id: 'sh_1', arguments: JSON.stringify(action), providerData: { openaiNative: 'shell_call', action } },
      ]);
    });

    it('assembles a streamed shell_call from output_item.added / done, sent in small pieces', async () => {
      const created = { ...response('r1', []), status: 'in_progress' };
      const events = [
        { event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: created } },
        { event: 'response.output_item.added', data: { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { ...shellCallItem, status: 'in_progress', action: { ...action, commands: [] } } } },
        { event: 'response.output_item.done', data: { type: 'response.output_item.done', sequence_number: 2, output_index: 0, item: shellCallItem } },
        { event: 'response.completed', data: { type: 'response.completed', sequence_number: 3, response: response('r1', []) } },
      ];
      server.enqueue(PATH, { kind: 'sse', events });
      const streamed = completedOf(await collect(responses().stream(request({ tools }))));
      expect(streamed.output).toEqual([expect.objectContaining({ type: 'function_call', callId: 'call_sh', name: 'shell', arguments: JSON.stringify(action) })]);
      expect(server.requests[0]!.body.stream).toBe(true);
    });
  });

  describe('when it sends the history back', () => {
    const call: FunctionCallItem = { type: 'function_call', callId: 'call_sh', name: 'shell', arguments: JSON.stringify(action), providerData: { openaiNative: 'shell_call', action } };
    const echo = async (output: Item): Promise<Array<Record<string, unknown>>> => {
      server.enqueue(PATH, { kind: 'json', body: response('r1', [message('ok')]) });
      await responses().respond(request({ tools, input: [{ type: 'message', role: 'user', content: 'go' }, call, output] }));
      return server.requests[server.requests.length - 1]!.body.input.slice(1);
    };

    it('echoes shell_call and the per-command output as shell_call_output', async () => {
      const outputs = [{ stdout: 'a\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } }, { stdout: '', stderr: '', outcome: { type: 'timeout' } }];
      expect(await echo({ type: 'function_call_output', callId: 'call_sh', output: JSON.stringify(outputs) })).toEqual([
        { type: 'shell_call', call_id: 'call_sh', action, status: 'completed' },
        { type: 'shell_call_output', call_id: 'call_sh', output: outputs, max_output_length: 2048, status: 'completed' },
      ]);
    });

    it('sends any other answer (a rejection, malformed entries) as one entry with the text as stderr', async () => {
      const fallback = (stderr: string) => [{ stdout: '', stderr, outcome: { type: 'exit', exit_code: 1 } }];
      expect((await echo({ type: 'function_call_output', callId: 'call_sh', output: 'Not allowed.', isError: true }))[1]!.output).toEqual(fallback('Not allowed.'));
      const odd = JSON.stringify([{ stdout: '', stderr: '', outcome: { type: 'exit', exit_code: 1.5 } }]);
      expect((await echo({ type: 'function_call_output', callId: 'call_sh', output: odd }))[1]!.output).toEqual(fallback(odd));
      expect((await echo({ type: 'function_call_output', callId: 'call_sh', output: '[]' }))[1]!.output).toEqual(fallback('[]'));
    });

    it('answers apply_patch_call_output failed exactly when the output is marked isError', async () => {
      const operation = { type: 'update_file', path: 'a.txt', diff: '@@\n-a\n+b\n' };
      const patchCall: FunctionCallItem = { type: 'function_call', callId: 'call_ap', name: 'apply_patch', arguments: '{}', providerData: { openaiNative: 'apply_patch_call', operation } };
      for (const [isError, status] of [[true, 'failed'], [false, 'completed']] as const) {
        server.enqueue(PATH, { kind: 'json', body: response('r1', [message('ok')]) });
        // The text does not decide: a failure reading "Success." is still failed.
        const output: Item = { type: 'function_call_output', callId: 'call_ap', output: 'Success. (or not)', ...(isError ? { isError } : {}) };
        await responses().respond(request({ tools, input: [patchCall, output] }));
        expect(server.requests[server.requests.length - 1]!.body.input).toEqual([
          { type: 'apply_patch_call', call_id: 'call_ap', status: 'completed', operation },
          { type: 'apply_patch_call_output', call_id: 'call_ap', status, output: 'Success. (or not)' },
        ]);
      }
    });
  });
});

describe('OpenAIChatCompletionsModel with built-in tools', () => {
  it('offers every tool but the native-only ones, and no tools at all when only those are left', async () => {
    const chat = () => new OpenAIChatCompletionsModel({ client: client(), model: 'gpt-5.1' });
    const completion = { id: 'c1', object: 'chat.completion', model: 'gpt-5.1', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] };
    server.enqueue('/v1/chat/completions', { kind: 'json', body: completion }, { kind: 'json', body: completion });
    await chat().respond(request({ tools, settings: { parallelToolCalls: false } }));
    await chat().respond(request({ tools: [shell], settings: { parallelToolCalls: false } }));
    expect(server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['exec_command', 'apply_patch']);
    expect(server.requests[1]!.body.tools).toBeUndefined();
    expect(server.requests[1]!.body.parallel_tool_calls).toBeUndefined();
  });
});
