import type { ModelResponse } from '../contracts/model';

/** Attribute names of OpenTelemetry's GenAI semantic conventions that Toolwright records. @internal */
export const GenAi = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  temperature: 'gen_ai.request.temperature',
  topP: 'gen_ai.request.top_p',
  maxTokens: 'gen_ai.request.max_tokens',
  agentName: 'gen_ai.agent.name',
  agentDescription: 'gen_ai.agent.description',
  conversationId: 'gen_ai.conversation.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  systemInstructions: 'gen_ai.system_instructions',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  errorType: 'error.type',
} as const;

/** The texts that replace error details when sensitive data is off (Z-47). */
export const REDACTED = {
  tool: 'Tool execution failed. Error details are redacted.',
  model: 'Model call failed. Error details are redacted.',
  run: 'Run failed. Error details are redacted.',
  guardrail: 'Guardrail failed. Error details are redacted.',
} as const;

/**
 * The finish reasons of a response in the conventions' vocabulary: `length` / `content_filter`
 * for a response cut short, `tool_calls` when it calls tools, else `stop`. @internal
 */
export function finishReasons(response: ModelResponse): string[] {
  if (response.status === 'incomplete') {
    const reason = response.incompleteReason ?? '';
    return [/content|filter/i.test(reason) ? 'content_filter' : /token|length/i.test(reason) ? 'length' : reason || 'incomplete'];
  }
  return response.output.some((item) => item.type === 'function_call') ? ['tool_calls'] : ['stop'];
}
