import type { ToolContext } from '../contracts/tool';
import type { RunEvent } from '../contracts/run-event';
import type { CallHost } from './call-host';
import { CallToolContext } from './tool-context';
import type { ClientChannel } from '../contracts/client-channel';

/**
 * What a call made on behalf of another call (`executeToolCall(tool, args, { parent: ctx })`, a
 * proxy running a hidden tool) takes from its parent: the parent's context, usage, cancellation,
 * spans and events — progress as the parent call's progress, `guardrail_tripped` as is, and no
 * `tool_output` of its own (the parent's output is the one the model gets). Without a run behind
 * `parent` (a context made by hand), only its context, usage and progress. @internal
 */
export interface ParentLink {
  readonly runContext: CallHost['runContext'];
  readonly emit: ((event: RunEvent) => void) | undefined;
  readonly lifecycle: CallHost['lifecycle'];
  throwIfCancelled(): void;
  addUsage: CallHost['addUsage'];
  readonly maxToolOutputBytes: number | undefined;
  /** The parent call's way back to its client: the child's `ctx.log`, `elicit` and `sample` go through the parent's. */
  readonly client: ClientChannel;
}

export function parentLink(parent: ToolContext<any>): ParentLink {
  const host = parent instanceof CallToolContext ? (parent.host as CallHost) : undefined;
  const progress = (event: RunEvent): void => {
    if (event.type === 'tool_progress') parent.emit(event.result);
    else if (event.type === 'guardrail_tripped') host?.emit?.({ ...event, callId: parent.callId });
  };
  const client: ClientChannel = {
    log: (level, data) => parent.log(level, data),
    elicit: (message, schema) => parent.elicit(message, schema),
    sample: (messages, options) => parent.sample(messages, options),
  };
  if (!host) {
    return {
      runContext: { context: parent.context, usage: parent.usage, disclosedTools: parent.disclosedTools },
      emit: progress,
      lifecycle: undefined,
      throwIfCancelled: () => undefined,
      addUsage: () => undefined,
      maxToolOutputBytes: undefined,
      client,
    };
  }
  return {
    runContext: host.runContext,
    emit: progress,
    lifecycle: host.lifecycle?.tracer ? { tracer: host.lifecycle.tracer } : undefined,
    throwIfCancelled: () => host.throwIfCancelled(),
    // The parent returns the call's result, usage included: counted once, when the parent finishes.
    addUsage: () => undefined,
    maxToolOutputBytes: host.maxToolOutputBytes,
    client,
  };
}
