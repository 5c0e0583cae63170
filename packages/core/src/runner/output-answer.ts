import type { Agent } from '../agent/agent';
import type { ArgumentViolation } from '../contracts/argument-violation';
import { OutputValidationError, describeViolations } from '../errors/output-validation.error';
import { userMessage } from '../items/item';
import { checkOutputText, checkOutputValue, type OutputCheck } from '../output/parse-output';
import type { AgentRunInfo, RunEnvironment } from './run-environment';

/** What became of a model's final answer. @internal */
export type AnswerOutcome = { kind: 'final'; value: unknown } | { kind: 'retry' };

/**
 * The final answer of a model turn (a message without calls), as the agent's output type wants
 * it: text as it is for a text agent; else parsed, validated and instantiated. An answer that does
 * not pass is sent back to the model with its violations (a user message) while the agent's
 * `outputRetries` last, then the run fails with `OutputValidationError` naming every violation.
 * @internal
 */
export async function settleAnswer(env: RunEnvironment, agent: Agent<any, any>, info: AgentRunInfo, text: string, retries = true): Promise<AnswerOutcome> {
  const output = info.output;
  if (!output) return { kind: 'final', value: text };
  const checked = await settle(checkOutputText(output, text));
  if (checked.ok) return { kind: 'final', value: checked.value };
  const used = env.outputRetriesUsed ?? 0;
  if (!retries || used >= agent.outputRetries) throw new OutputValidationError(agent.name, output.format.name, checked.violations, used + 1);
  env.outputRetriesUsed = used + 1;
  env.state.history.push(userMessage(retryMessage(output.format.name, checked.violations)));
  return { kind: 'retry' };
}

/**
 * A tool's output that ends the run (`toolUseBehavior`, `ToolResult.asTerminal()`), checked
 * against the agent's output type: a tool cannot be asked again, so a mismatch fails the run
 * naming the tool. @internal
 */
export async function settleToolOutput(agent: Agent<any, any>, info: AgentRunInfo, value: unknown, toolName: string | undefined): Promise<unknown> {
  const output = info.output;
  if (!output) return value;
  const checked = await settle(checkOutputValue(output, value));
  if (checked.ok) return checked.value;
  throw new OutputValidationError(agent.name, output.format.name, checked.violations, 1, toolName ?? '(the tool-use rule)');
}

function settle(check: OutputCheck | Promise<OutputCheck>): Promise<OutputCheck> {
  return Promise.resolve(check);
}

/** What the model is told about an answer that does not match the output type. */
function retryMessage(name: string, violations: readonly ArgumentViolation[]): string {
  return (
    `Your answer does not match the required output format ${name}: ${describeViolations(violations)}. ` +
    'Answer again with one JSON object that matches the schema exactly.'
  );
}
