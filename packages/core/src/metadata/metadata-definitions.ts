import type { ApprovalPredicate } from '../contracts/tool';
import type { ParamOptions, ToolOptions } from '../contracts/tool-options';
import type { ToolInputGuardrail, ToolOutputGuardrail } from '../guardrails/guardrail';
import type { ToolInterceptor } from '../contracts/tool-interceptor';
import type { EmbeddedToolSchema } from './embedded-schema';
import type { RateLimitOptions } from '../contracts/rate-limit';

/** A class that can be instantiated; guardrails and interceptors may be given as classes. */
export type Type<T = unknown> = new (...args: any[]) => T;

/** Something `@UseGuardrails` accepts. */
export type GuardrailEntry = ToolInputGuardrail | ToolOutputGuardrail | Type<ToolInputGuardrail | ToolOutputGuardrail>;
/** Something `@UseInterceptors` accepts. */
export type InterceptorEntry = ToolInterceptor | Type<ToolInterceptor>;

/** Options of `@Toolkit(...)`. */
export interface ToolkitOptions {
  /** The toolkit's name (for discovery and logs); default: the class name. */
  name?: string;
  /** Prepended to every tool name of the toolkit, e.g. `weather_` → `weather_get_forecast`. */
  prefix?: string;
  description?: string;
}

/** `@Toolkit` on a class. */
export interface ToolkitMetadata {
  kind: 'toolkit';
  target: Function;
  options: ToolkitOptions;
}

/** `@Tool` on a method. */
export interface ToolMetadata {
  kind: 'tool';
  target: Function;
  method: string;
  /** The tool name before the toolkit prefix: the option, or the method name in snake_case. */
  name: string;
  options: ToolOptions;
  /** The schema the scanner embedded (parsed from {@link embeddedJson} when it came as text). */
  embedded?: EmbeddedToolSchema;
  /** The embedded schema as the JSON text the scanner's transformer emits, when it came so. */
  embeddedJson?: string;
  /** `design:paramtypes`, when the compiler emitted it. */
  paramTypes?: readonly unknown[];
  parameterCount: number;
}

/**
 * The DTO class given to `@Args(...)`: the class itself, or a function returning it (for a class
 * declared further down the file).
 */
export type DtoReference = (new (...args: any[]) => object) | (() => Function);

/** `@Param`, `@Args` or `@Ctx` on a method parameter. */
export type ParameterMetadata =
  | { kind: 'param'; target: Function; method: string; index: number; name: string; options: ParamOptions }
  | { kind: 'args'; target: Function; method: string; index: number; dto?: DtoReference }
  | { kind: 'ctx'; target: Function; method: string; index: number };

/** `@UseGuardrails` / `@UseInterceptors` / `@RequiresApproval` / `@RateLimit` on a class (`method` absent) or a method. */
export type EnhancerMetadata =
  | { kind: 'guardrails'; target: Function; method?: string; entries: GuardrailEntry[] }
  | { kind: 'interceptors'; target: Function; method?: string; entries: InterceptorEntry[] }
  | { kind: 'approval'; target: Function; method?: string; predicate?: ApprovalPredicate }
  | { kind: 'rate-limit'; target: Function; method?: string; limit: RateLimitOptions };

/** `@HideTool(...)` on a subclass: inherited tools it drops. */
export interface HiddenToolsMetadata {
  kind: 'hide';
  target: Function;
  /** Method names or (unprefixed) tool names. */
  names: string[];
}

/** Every kind of definition the decorators record. */
export type MetadataDefinition = ToolkitMetadata | ToolMetadata | ParameterMetadata | EnhancerMetadata | HiddenToolsMetadata;
