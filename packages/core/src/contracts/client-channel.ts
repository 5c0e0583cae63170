import type { Item } from './item';
import type { JsonSchema } from './json-schema';

/** The levels `ctx.log` takes (MCP's logging levels a tool uses most). */
export type ToolLogLevel = 'debug' | 'info' | 'warning' | 'error';

/** What the person answered to `ctx.elicit`: declined and cancelled are answers, not errors. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  /** The form's values, when the person accepted. */
  content?: Record<string, unknown>;
}

/** Options of `ctx.sample`. */
export interface SampleOptions {
  /** Most tokens the client's model may generate (default 1,000). */
  maxTokens?: number;
}

/**
 * The client a call can talk back to while it runs (an MCP client calling a served tool): log
 * messages, questions to its user (elicitation) and requests to its model (sampling). A host that
 * has one (`serveMcp`) passes it to `executeToolCall` as `host.client`; a run has none. For
 * integrators.
 */
export interface ClientChannel {
  /** Sends a log message (the channel drops it when below the client's chosen level). Never throws. */
  log(level: ToolLogLevel, data: unknown): void;
  /** Asks the client's user to fill a form; rejects when the client cannot be asked. */
  elicit(message: string, schema: JsonSchema, signal: AbortSignal): Promise<ElicitationResult>;
  /** Asks the client's model for a completion of `messages`; rejects when the client cannot sample. */
  sample(messages: Item[], options: SampleOptions, signal: AbortSignal): Promise<string>;
}
