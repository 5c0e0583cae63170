import { isTool } from '../contracts/is-tool';
import { errorMessage } from '../errors/error-message';
import { UserError } from '../errors/user.error';
import type { EnhancerMetadata, Type } from '../metadata/metadata-definitions';
import { INSTANCE_TOOLS_KEY } from '../metadata/metadata-keys';
import { getMetadataStorage } from '../metadata/metadata-storage';
import type { ToolInputGuardrail, ToolOutputGuardrail } from '../guardrails/guardrail';
import type { ToolInterceptor } from '../contracts/tool-interceptor';
import type { ApprovalPredicate, Tool, ToolFields } from '../contracts/tool';
import type { ToolOptions } from '../contracts/tool-options';
import { TOOL_HINT_KEYS } from '../tool/tool-annotations';
import { defaultFieldsTool, toolFieldsWithDefaults } from '../tool/tool-defaults';
import { boundInvoke } from './bound-invoke';
import { instantiateEnhancer, type ToolMethodCaller } from './tool-method-call';
import { ancestryOf } from './class-ancestry';
import { blueprintsOf, type ToolBlueprint } from './tool-blueprint';
import type { RateLimitOptions } from '../contracts/rate-limit';

/** Options of {@link toolsOf}. */
export interface ToolsOfOptions {
  /**
   * Resolves guardrail and interceptor classes given to `@UseGuardrails` / `@UseInterceptors`
   * (for example from a DI container). Return `undefined` to fall back to `new Type()`.
   */
  resolve?: (type: Type) => unknown;
  /**
   * The class whose tool metadata applies, when it is not the instance's own class: a test double
   * standing in for a toolkit (`{ findOrder: jest.fn() }`) gets the toolkit's tools, and its
   * methods are called by name.
   */
  toolkitClass?: Function;
  /**
   * Runs each method call in place of `instance[method](...values)`, for integrations that put
   * their own pipeline around the method (`@toolwright/nestjs` runs Nest interceptors, pipes and
   * exception filters there). It receives the validated, mapped call.
   */
  call?: ToolMethodCaller;
}

/** `pinned`: set by `setToolsOf`, kept whatever metadata is added later. */
type InstanceTools = WeakMap<object, { generation: number; tools: Tool[]; pinned?: boolean }>;

/**
 * The tools per instance, on `globalThis` like the metadata storage: tools an integration set
 * through one copy of core (`setToolsOf`) are what another copy's `toolsOf` and `Agent` use.
 */
const perInstance: InstanceTools = ((globalThis as unknown as Record<symbol, InstanceTools | undefined>)[INSTANCE_TOOLS_KEY] ??= new WeakMap());

/**
 * Makes `tools` what `toolsOf(instance)` returns from now on, and so what an `Agent` given the
 * instance uses. For DI integrations: once they have built an instance's tools with
 * container-resolved enhancers (`toolsOf(instance, { resolve })`), the instance behaves the same
 * wherever it is passed, e.g. `new Agent({ tools: [app.get(WeatherTools)] })`.
 */
export function setToolsOf(instance: object, tools: readonly Tool[]): void {
  perInstance.set(instance, { generation: getMetadataStorage().generation, tools: [...tools], pinned: true });
}

/**
 * The tools of a decorated instance, bound to it: each `invoke` calls `instance[method]` with the
 * validated arguments mapped onto its parameters. Definitions are built once per class
 * (inheritance applied); without options, the tools of an instance are also built once.
 *
 * @throws UserError when `instance` has no `@Tool` methods or a tool's schema is unknown.
 * @throws ToolDefinitionError when a tool's schema or options are invalid.
 *
 * @example
 * const tools = toolsOf(new WeatherTools(api));
 */
export function toolsOf(instance: object, options: ToolsOfOptions = {}): Tool[] {
  if (options.toolkitClass !== undefined ? !hasToolDefinitions(options.toolkitClass) : !isToolkitInstance(instance)) {
    const what = instance === null || typeof instance !== 'object' ? String(instance) : `an instance of ${instance.constructor?.name ?? 'Object'}`;
    throw new UserError(
      `toolsOf(${what}): not a decorated toolkit instance (no @Tool methods on its class or ancestors). ` +
        'Fix: decorate methods with @Tool, or pass Tool objects (defineTool) instead.',
    );
  }
  const generation = getMetadataStorage().generation;
  const cacheable = options.resolve === undefined && options.call === undefined && options.toolkitClass === undefined;
  const cached = cacheable ? perInstance.get(instance) : undefined;
  if (cached && (cached.pinned === true || cached.generation === generation)) return [...cached.tools];
  const resolved = new Map<Function, unknown>();
  const instantiate = (type: Type, where: string): unknown => {
    if (!resolved.has(type)) {
      let value = options.resolve?.(type);
      if (value === undefined) {
        try {
          value = instantiateEnhancer(type, where);
        } catch (error) {
          if (error instanceof UserError) throw error;
          throw new UserError(`${where}: cannot instantiate ${type.name} with \`new\` (${errorMessage(error)}). Fix: pass an instance, or resolve classes through toolsOf(instance, { resolve }).`);
        }
      }
      resolved.set(type, value);
    }
    return resolved.get(type);
  };
  const tools = blueprintsOf(options.toolkitClass ?? instance.constructor).map((bp) => bind(instance, bp, instantiate, options.call));
  if (cacheable) perInstance.set(instance, { generation, tools });
  return [...tools];
}

function bind(instance: object, bp: ToolBlueprint, instantiate: (type: Type, where: string) => unknown, call: ToolMethodCaller | undefined): Tool {
  const o = bp.options;
  if (bp.enhancers.length === 0 && setsNoRunnerField(o)) {
    // No enhancers, and @Tool options naming at most the tool's name, description and strictness
    // (checked when the class was defined): every runner-side field takes its default, as
    // toolFieldsWithDefaults would give.
    const tool = defaultFieldsTool(bp.name, bp.description, bp.parameters, bp.strict, boundInvoke(instance, bp, call), bp.source);
    if (bp.argumentCheck) tool.validateArguments = bp.argumentCheck;
    return tool;
  }
  const fields = bp.enhancers.length > 0 ? enhancerFields(bp.enhancers, `@Tool ${bp.source}`, instantiate) : NO_ENHANCER_FIELDS;
  const merged: Partial<ToolFields> = {
    timeoutMs: o.timeoutMs,
    failureError: o.failureError,
    isEnabled: o.isEnabled,
    deferred: o.deferred,
    duplicates: o.duplicates,
    cancellable: o.cancellable,
    maxOutputBytes: o.maxOutputBytes,
    readOnly: o.readOnly,
    destructive: o.destructive,
    idempotent: o.idempotent,
    openWorld: o.openWorld,
    sequential: o.sequential,
    retrySafe: o.retrySafe,
    background: o.background,
    rateLimit: o.rateLimit ?? fields.rateLimit,
    needsApproval: o.needsApproval ?? fields.needsApproval,
    // toolFieldsWithDefaults copies these into the tool's own arrays.
    inputGuardrails: joined(fields.inputGuardrails, o.inputGuardrails),
    outputGuardrails: joined(fields.outputGuardrails, o.outputGuardrails),
    interceptors: joined(fields.interceptors, o.interceptors),
  };
  const f = toolFieldsWithDefaults(bp.name, merged);
  // One literal with every always-present field (not a spread of the fields object), so V8 keeps
  // them inside the object instead of in a separate, over-allocated property store.
  const tool: Tool = {
    type: 'function',
    name: bp.name,
    description: bp.description,
    parameters: bp.parameters,
    strict: bp.strict,
    invoke: boundInvoke(instance, bp, call),
    source: bp.source,
    needsApproval: f.needsApproval,
    inputGuardrails: f.inputGuardrails,
    outputGuardrails: f.outputGuardrails,
    interceptors: f.interceptors,
    deferred: f.deferred,
    duplicates: f.duplicates,
    cancellable: f.cancellable,
  };
  if ('timeoutMs' in f) tool.timeoutMs = f.timeoutMs;
  if ('maxOutputBytes' in f) tool.maxOutputBytes = f.maxOutputBytes;
  if (bp.argumentCheck) tool.validateArguments = bp.argumentCheck;
  if ('failureError' in f) tool.failureError = f.failureError;
  if ('isEnabled' in f) tool.isEnabled = f.isEnabled;
  if ('rateLimit' in f) tool.rateLimit = f.rateLimit;
  // Risk annotations and execution hints: present only when the @Tool options declare them.
  for (const key of TOOL_HINT_KEYS) if (f[key] !== undefined) tool[key] = f[key];
  return tool;
}

/** @Tool options that the blueprint already applied (they are no runner-side field of the tool). */
const IDENTITY_OPTIONS: ReadonlySet<string> = new Set(['name', 'description', 'strict']);

function setsNoRunnerField(options: ToolOptions): boolean {
  for (const key in options) if (Object.prototype.hasOwnProperty.call(options, key) && !IDENTITY_OPTIONS.has(key)) return false;
  return true;
}

interface EnhancerFields {
  needsApproval?: boolean | ApprovalPredicate;
  rateLimit?: RateLimitOptions;
  inputGuardrails: ToolInputGuardrail[];
  outputGuardrails: ToolOutputGuardrail[];
  interceptors: ToolInterceptor[];
}

/** What a tool without class or method enhancers gets from them (read only, never handed out). */
const NO_ENHANCER_FIELDS: Readonly<EnhancerFields> = Object.freeze({ inputGuardrails: [], outputGuardrails: [], interceptors: [] });

/** Enhancer entries first, then the `@Tool` option's; one of them as it is when the other is empty. */
function joined<T>(fromEnhancers: readonly T[], fromOptions: readonly T[] | undefined): T[] | undefined {
  if (fromEnhancers.length === 0) return fromOptions as T[] | undefined;
  if (fromOptions === undefined || fromOptions.length === 0) return fromEnhancers as T[];
  return [...fromEnhancers, ...fromOptions];
}

function enhancerFields(enhancers: readonly EnhancerMetadata[], where: string, instantiate: (type: Type, where: string) => unknown): EnhancerFields {
  const out: EnhancerFields = { inputGuardrails: [], outputGuardrails: [], interceptors: [] };
  let classApproval: EnhancerMetadata | undefined;
  let methodApproval: EnhancerMetadata | undefined;
  let classLimit: RateLimitOptions | undefined;
  let methodLimit: RateLimitOptions | undefined;
  for (const e of enhancers) {
    if (e.kind === 'rate-limit') {
      if (e.method === undefined) classLimit = e.limit;
      else methodLimit = e.limit;
    } else if (e.kind === 'approval') {
      if (e.method === undefined) classApproval = e;
      else methodApproval = e;
    } else if (e.kind === 'guardrails') {
      for (const entry of e.entries) {
        const g = (typeof entry === 'function' ? instantiate(entry, where) : entry) as ToolInputGuardrail | ToolOutputGuardrail;
        if (g?.kind === 'input' && typeof g.check === 'function') out.inputGuardrails.push(g);
        else if (g?.kind === 'output' && typeof g.check === 'function') out.outputGuardrails.push(g);
        else throw new UserError(`${where}: a guardrail from @UseGuardrails resolved to something without kind "input"/"output" and check(). Fix: implement ToolInputGuardrail or ToolOutputGuardrail.`);
      }
    } else {
      for (const entry of e.entries) {
        const i = (typeof entry === 'function' ? instantiate(entry, where) : entry) as ToolInterceptor;
        if (typeof i?.intercept !== 'function') {
          throw new UserError(`${where}: an interceptor from @UseInterceptors resolved to something without intercept(). Fix: implement ToolInterceptor.`);
        }
        out.interceptors.push(i);
      }
    }
  }
  const approval = methodApproval ?? classApproval;
  if (approval?.kind === 'approval') out.needsApproval = approval.predicate ?? true;
  // The nearest declaration wins: the method's @RateLimit, else the class's (@Tool({ rateLimit }) beats both).
  const limit = methodLimit ?? classLimit;
  if (limit) out.rateLimit = limit;
  return out;
}

/**
 * Whether `value` is an instance of a class with `@Tool` methods or `@Toolkit` (on it or an
 * ancestor), as opposed to a `Tool` object or a `Toolset`.
 */
export function isToolkitInstance(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (isTool(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (typeof ctor !== 'function' || ctor === Object) return false;
  return hasToolDefinitions(ctor);
}

/** Whether a class or one of its ancestors has `@Tool` methods or `@Toolkit`. */
function hasToolDefinitions(ctor: Function): boolean {
  const storage = getMetadataStorage();
  return ancestryOf(ctor).some((c) => storage.hasDefinitions(c));
}
