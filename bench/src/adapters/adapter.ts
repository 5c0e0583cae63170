import type { ModelClock, Script } from '../shape/script';
import type { ToolArgs, ToolSpec } from '../shape/tool-spec';

/** The frameworks compared, plus the plain-JS floor. */
export type AdapterId = 'floor' | 'toolwright' | 'agents' | 'ai';

/** What every benchmark tool runs once its arguments are parsed and validated. */
export type Execute = (args: ToolArgs, toolName: string) => unknown | Promise<unknown>;

/** What a finished agent run reports, checked by the harness. */
export interface RunOutcome {
  finalOutput: string;
  /** Tool outputs the run recorded in its history. */
  toolOutputs: number;
}

/** A tool given as a JSON schema at run time, in both the loose and the strict form. */
export interface SchemaDefinition {
  name: string;
  description: string;
  /** As written by hand for a framework that makes schemas strict itself (optional field not required). */
  parameters: Record<string, unknown>;
  /** The strict form (every property required, the optional one nullable), for frameworks that take it as is. */
  strictParameters: Record<string, unknown>;
  /** Valid arguments, as the JSON text a model sends. */
  argumentsJson: string;
}

/** A tool in the form sent to the model, normalised for checking. */
export interface ModelFacingTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One catalogue session: offer the whole catalogue, then let the model look up `queries`. */
export interface CatalogueCase {
  /**
   * Runs one agent whose scripted model makes one tool call per query (a direct call for a
   * framework without tool search, `search_tools` for one with it) and then answers.
   */
  run(queries: ToolSpec[], clock: ModelClock): Promise<RunOutcome>;
  /** Which tool was called per query, for the report. */
  readonly method: string;
}

/** The result of streaming one tool's progress: per update, emit-to-consumer latency in ms. */
export type ProgressLatencies = number[];

/**
 * One framework under test. Every scenario goes through these methods only, so each framework is
 * driven by the same script, the same tools and the same checks.
 */
export interface Adapter<TTools = unknown> {
  readonly id: AdapterId;
  readonly label: string;
  /** Builds one tool per spec, each running `execute` after validating its arguments. */
  buildTools(specs: ToolSpec[], execute: Execute): TTools;
  /** How `buildTools` builds the tools, when there is more than one way (for the report). */
  describeTools?(specs: ToolSpec[]): string;
  /** One full agent loop over `tools`, driven by an in-process scripted model. */
  run(tools: TTools, script: Script, clock?: ModelClock): Promise<RunOutcome>;
  /** The framework's own argument-validation path for `spec`: true when `value` is accepted. */
  validator(spec: ToolSpec): (value: unknown) => boolean | Promise<boolean>;
  /**
   * The framework's per-call path from the model's JSON text: parse, then validate. True when
   * `raw` is accepted.
   */
  jsonValidator(spec: ToolSpec): (raw: string) => boolean | Promise<boolean>;
  /** Whether the validators are synchronous (the validation loop then skips `await`). */
  readonly syncValidation: boolean;
  /**
   * Prepares a catalogue of `specs` (tool objects built outside any timed region), or says why
   * the framework cannot take part.
   */
  catalogue(specs: ToolSpec[], execute: Execute): CatalogueCase | { unsupported: string };
  /**
   * Streams a run whose one tool emits `updates` progress events, each emitted only after the
   * consumer received the previous one. Null when the framework has no progress channel.
   */
  streamProgress: ((updates: number) => Promise<ProgressLatencies>) | null;
  /** Why `streamProgress` is null, for the report. */
  readonly streamingNote?: string;
  /** Loads the generated 1,000-tool module and returns the tools in the form sent to the model. */
  defineFromGenerated(modulePath: string): Promise<ModelFacingTool[]>;
  /**
   * Builds one tool per JSON-schema definition (built at run time, e.g. from a catalogue or an
   * MCP listing) the way the framework's docs say, and returns them in the form sent to the model.
   */
  defineFromSchemas(definitions: SchemaDefinition[], execute: Execute): Promise<ModelFacingTool[]>;
  /**
   * The cost of the first call of a tool just defined by {@link defineFromSchemas}, beyond the
   * second one (work deferred from definition, such as compiling its validator), in ms. Absent
   * when the framework defers nothing measurable.
   */
  firstCallMs?(definition: SchemaDefinition): number;
}
