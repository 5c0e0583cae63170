import type { FunctionCallItem } from '../items/item';
import type { ToolResult } from '../result/tool-result';
import type { ContentPart } from '../result/content';
import type { OutputTruncation } from '../result/output-cap';
import type { Tool } from '../contracts/tool';
import type { ToolInterruption } from '../approvals/tool-interruption';

/** What one call of a batch ended with. @internal */
export interface CallOutcome {
  call: FunctionCallItem;
  tool?: Tool;
  /** The validated arguments, or the raw JSON text when they could not be validated. */
  args: unknown;
  /** The call's result: what the tool returned (or the refusal or error text), in full. */
  result: ToolResult;
  /** What the model is sent: `result`'s output, its text cut to the output cap. */
  modelOutput: string | ContentPart[];
  /** Set when `modelOutput` was cut. */
  truncated?: OutputTruncation;
  /** The call failed (unknown tool, invalid arguments, the tool threw or timed out, or returned `isError`). */
  failed: boolean;
  durationMs: number;
  /** Whether the call went past its input guardrails into the interceptors and the tool. */
  invoked: boolean;
  /** Set when the tool paused inside (threw `ToolInterruption`): the call has no output yet. */
  paused?: ToolInterruption;
}
