import type { AgentRef as Agent } from './class-refs';
import type { ApprovalPredicate, DuplicatePolicy, FailureErrorFunction, RunContext, ToolAnnotations, ToolExecutionHints } from './tool';
import type { ToolInputGuardrail, ToolOutputGuardrail } from './tool-guardrail';
import type { ToolInterceptor } from './tool-interceptor';
import type { RateLimitOptions } from './rate-limit';

/** Options of `@Tool(...)`; risk annotations (`readOnly`, `destructive`, ...) included. */
export interface ToolOptions<TContext = any> extends ToolAnnotations, ToolExecutionHints {
  /** Default: the method name in snake_case (with the toolkit's prefix). */
  name?: string;
  /** Default: the method's JSDoc summary. */
  description?: string;
  /** Default true: the OpenAI strict-mode schema subset, enforced locally too. */
  strict?: boolean;
  /** A positive integer up to 2^31−1 ms, or `Infinity` / `null` for no limit. */
  timeoutMs?: number | null;
  needsApproval?: boolean | ApprovalPredicate<TContext>;
  isEnabled?: (ctx: RunContext<TContext>, agent: Agent<TContext>) => boolean | Promise<boolean>;
  failureError?: FailureErrorFunction | null;
  deferred?: boolean;
  duplicates?: DuplicatePolicy;
  cancellable?: boolean;
  /** Most UTF-8 bytes of output text sent to the model (see `ToolFields.maxOutputBytes`). */
  maxOutputBytes?: number;
  /** At most `points` calls per `durationMs` (per `key`): see `ToolFields.rateLimit`. */
  rateLimit?: RateLimitOptions<TContext>;
  inputGuardrails?: ToolInputGuardrail[];
  outputGuardrails?: ToolOutputGuardrail[];
  interceptors?: ToolInterceptor[];
}

/** Options of `@Param(name, ...)`; they refine the schema generated from the parameter's type. */
export interface ParamOptions {
  description?: string;
  title?: string;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}
