import type { EmbeddedToolSchema } from './embedded-schema';
import type {
  EnhancerMetadata, HiddenToolsMetadata, MetadataDefinition, ParameterMetadata, ToolkitMetadata, ToolMetadata,
} from './metadata-definitions';
import { METADATA_STORAGE_KEY } from './metadata-keys';

/**
 * The one place decorators record into. Lives on `globalThis`, so two copies of the package in
 * one process share it. Indexed by the class a decorator was applied to; building tools reads
 * from here later and never inside a decorator.
 */
export class MetadataStorage {
  private readonly toolkits = new Map<Function, ToolkitMetadata>();
  private readonly tools = new Map<Function, Map<string, ToolMetadata>>();
  private readonly parameters = new Map<Function, Map<string, ParameterMetadata[]>>();
  private readonly enhancers = new Map<Function, EnhancerMetadata[]>();
  private readonly hidden = new Map<Function, HiddenToolsMetadata[]>();
  private readonly manifest = new Map<string, EmbeddedToolSchema>();
  private generationCounter = 0;
  /**
   * The parameter list of the method decorated last. Parameter decorators of one method run one
   * after the other (last parameter first), so all but the first find their list here instead of
   * in two maps: cold code pays for every map operation, thousands of times at start-up.
   */
  private lastTarget: Function | undefined;
  private lastMethod: string | undefined;
  private lastList: ParameterMetadata[] | undefined;

  /**
   * Bumped when registered schemas change (a manifest is loaded, or `clear()`); caches of built
   * tools compare it. Decorations do not bump it: they concern classes not yet built.
   */
  get generation(): number {
    return this.generationCounter;
  }

  /** Records a `@Toolkit` class decoration. */
  collectToolkit(definition: ToolkitMetadata): void {
    this.toolkits.set(definition.target, definition);
  }

  /** Records a `@Tool` method decoration. */
  collectTool(definition: ToolMetadata): void {
    mapOf(this.tools, definition.target).set(definition.method, definition);
    // Parameter decorators run before the method's @Tool: its parameter list is complete now.
    // Keep an exact-size copy rather than the list grown by push, which holds spare capacity.
    const byMethod = this.parameters.get(definition.target);
    const list = byMethod?.get(definition.method);
    if (byMethod !== undefined && list !== undefined) byMethod.set(definition.method, list.slice());
    this.forgetLastParameters();
  }

  /** Records a `@Param`, `@Args` or `@Ctx` parameter decoration. */
  collectParameter(definition: ParameterMetadata): void {
    if (this.lastList !== undefined && this.lastTarget === definition.target && this.lastMethod === definition.method) {
      this.lastList.push(definition);
      return;
    }
    const byMethod = mapOf(this.parameters, definition.target);
    let list = byMethod.get(definition.method);
    if (list === undefined) {
      list = [];
      byMethod.set(definition.method, list);
    }
    list.push(definition);
    this.lastTarget = definition.target;
    this.lastMethod = definition.method;
    this.lastList = list;
  }

  /** Records a guardrail, interceptor or approval decoration on a class or method. */
  collectEnhancer(definition: EnhancerMetadata): void {
    listOf(this.enhancers, definition.target).push(definition);
  }

  /** Records a `@HideTool` class decoration. */
  collectHiddenTools(definition: HiddenToolsMetadata): void {
    listOf(this.hidden, definition.target).push(definition);
  }

  /** Registers schemas from a manifest, keyed `"Class.method"`. Later registrations win. */
  registerManifestSchemas(tools: Record<string, EmbeddedToolSchema>): void {
    for (const key of Object.keys(tools)) this.manifest.set(key, tools[key]);
    this.generationCounter++;
  }

  /** The `@Toolkit` options of exactly this class, if it has them. */
  toolkitOf(target: Function): ToolkitMetadata | undefined {
    return this.toolkits.get(target);
  }

  /** The `@Tool`s declared on exactly this class (not its ancestors), by method name. */
  toolsOf(target: Function): ReadonlyMap<string, ToolMetadata> {
    return this.tools.get(target) ?? EMPTY_MAP;
  }

  /** The parameter decorators recorded on one method of exactly this class. */
  parametersOf(target: Function, method: string): readonly ParameterMetadata[] {
    return this.parameters.get(target)?.get(method) ?? [];
  }

  /** Enhancers declared on exactly this class: class-level and method-level, in declaration order. */
  enhancersOf(target: Function): readonly EnhancerMetadata[] {
    return this.enhancers.get(target) ?? [];
  }

  /** The `@HideTool` decorations of exactly this class. */
  hiddenToolsOf(target: Function): readonly HiddenToolsMetadata[] {
    return this.hidden.get(target) ?? [];
  }

  /** Whether any manifest schema was registered (for messages about a tool missing from it). */
  hasManifestSchemas(): boolean {
    return this.manifest.size > 0;
  }

  /** The schema a loaded manifest holds for `"Class.method"`, if any. */
  manifestSchemaOf(key: string): EmbeddedToolSchema | undefined {
    return this.manifest.get(key);
  }

  /** Whether any decorator was recorded on exactly this class. */
  hasDefinitions(target: Function): boolean {
    return this.toolkits.has(target) || this.tools.has(target);
  }

  /**
   * Every definition recorded (for diagnostics): toolkits, tools, parameters, enhancers and
   * hidden tools, in that order, each kind in the order it was recorded. Built when asked: a list
   * kept while classes are defined cost every decoration a push.
   */
  allDefinitions(): readonly MetadataDefinition[] {
    const out: MetadataDefinition[] = [...this.toolkits.values()];
    for (const byMethod of this.tools.values()) out.push(...byMethod.values());
    for (const byMethod of this.parameters.values()) for (const list of byMethod.values()) out.push(...list);
    for (const list of this.enhancers.values()) out.push(...list);
    for (const list of this.hidden.values()) out.push(...list);
    return out;
  }

  /** Forgets everything (for tests). */
  clear(): void {
    this.toolkits.clear();
    this.tools.clear();
    this.parameters.clear();
    this.enhancers.clear();
    this.hidden.clear();
    this.manifest.clear();
    this.forgetLastParameters();
    this.generationCounter++;
  }

  private forgetLastParameters(): void {
    this.lastTarget = undefined;
    this.lastMethod = undefined;
    this.lastList = undefined;
  }
}

const EMPTY_MAP: ReadonlyMap<string, ToolMetadata> = new Map<string, ToolMetadata>();

function mapOf<K, V>(outer: Map<Function, Map<K, V>>, key: Function): Map<K, V> {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

function listOf<V>(outer: Map<Function, V[]>, key: Function): V[] {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = [];
    outer.set(key, inner);
  }
  return inner;
}

/** The process-wide metadata storage. */
export function getMetadataStorage(): MetadataStorage {
  const holder = globalThis as unknown as Record<symbol, MetadataStorage | undefined>;
  let storage = holder[METADATA_STORAGE_KEY];
  if (storage === undefined) {
    storage = new MetadataStorage();
    holder[METADATA_STORAGE_KEY] = storage;
  }
  return storage;
}
