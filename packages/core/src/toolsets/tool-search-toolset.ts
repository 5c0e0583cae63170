import { UserError } from '../errors/user.error';
import { ToolResult } from '../result/tool-result';
import { defineTool } from '../tool/define-tool';
import type { RunContext, Tool, ToolContext } from '../contracts/tool';
import { assertValidToolName } from '../tool/tool-name';
import { buildCatalogue, oneLine, type CatalogueEntry } from './tool-catalogue';
import { ToolIndex } from './tool-index';
import type { Toolset } from '../contracts/toolset';

/** The search tool's strict parameters schema, made by the first toolset. */
let searchParameters: Tool['parameters'] | undefined;

/** Options of `new ToolSearchToolset(...)`. */
export interface ToolSearchToolsetOptions {
  /** The catalogue: `Tool`s, decorated instances, arrays of these. Hidden until found. */
  tools: CatalogueEntry[];
  /** Most tools one search lists and discloses (default 5). */
  maxResults?: number;
  /** The toolset's name, used in error messages (default `tool_search`). */
  name?: string;
  /** The search tool's name (default `search_tools`). */
  toolName?: string;
  /** The search tool's description; the default explains the search-then-call workflow. */
  description?: string;
}

/** One search hit. */
export interface ToolSearchHit {
  name: string;
  /** The tool's description cut to one line. */
  description: string;
  /** Relevance (higher is better); only comparable within one search. */
  score: number;
}

/**
 * Hides a large catalogue of tools (hundreds to tens of thousands) behind a single
 * `search_tools(query)` tool. A search lists the best matches (name and one-line description)
 * and discloses them: they are offered from the run's next model call on, for the rest of that
 * run (the disclosed names live in the run's `RunState`, so they survive a pause and resume).
 *
 * Ranking is BM25 over the tools' names split into words (`create_calendar_event`,
 * `createCalendarEvent` → "create calendar event", boosted), descriptions and parameter names.
 * Queries and documents share one tokenizer (identifiers split, lower case, English stop words
 * dropped); in catalogues of 100+ tools a word found in more than half of a field (say "user" in
 * every description) is left out of that field, as it barely moves BM25 scores but would make
 * every query using it walk the whole catalogue. Query words of 3+ letters also match as
 * prefixes; a word of 4+ letters that the catalogue does not contain is taken for a typo and
 * matched within one edit (two from 8 letters); equal scores keep catalogue order. The index is
 * built once per toolset, on the first search (or `warmUp()`), and shared by every run; each tool
 * is read once per tool object, so another toolset over the same tools indexes them without
 * reading them again. `add()` and `remove()` change the catalogue in place: the index follows
 * tool by tool, and the next search (in this run or any other) ranks the changed catalogue.
 *
 * @example
 * const catalogue = new ToolSearchToolset({ tools: [new CrmTools(), new CalendarTools(), ...rawTools], maxResults: 5 });
 * const agent = new Agent({ name: 'assistant', tools: [catalogue] });
 */
export class ToolSearchToolset implements Toolset {
  /** The toolset's name (`tool_search` by default); names it in error messages. */
  readonly name: string;
  /** Most tools one search discloses (5 by default). */
  readonly maxResults: number;
  /** The search tool the model is offered. */
  readonly searchTool: Tool;
  private readonly catalogue: Map<string, Tool>;
  private readonly searchToolName: string;
  private index?: ToolIndex;

  constructor(options: ToolSearchToolsetOptions) {
    if (!options || !Array.isArray(options.tools)) {
      throw new UserError('new ToolSearchToolset({ tools }) needs `tools`: an array of Tool objects or decorated toolkit instances.');
    }
    this.name = options.name ?? 'tool_search';
    const maxResults = options.maxResults ?? 5;
    if (!Number.isInteger(maxResults) || maxResults < 1) {
      throw new UserError(`ToolSearchToolset "${this.name}": maxResults must be a positive integer, got ${String(options.maxResults)}.`);
    }
    this.maxResults = maxResults;
    this.catalogue = buildCatalogue(`ToolSearchToolset "${this.name}"`, options.tools);
    const toolName = options.toolName ?? 'search_tools';
    assertValidToolName(toolName);
    this.searchToolName = toolName;
    this.refuseSearchToolName(this.catalogue);
    const searchTool = defineTool({
      name: toolName,
      description:
        options.description ??
        'Search the catalogue of available tools. Describe what you need to do in a few words (e.g. "create calendar event"). ' +
          'The best matching tools are listed and become callable from your next step.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What you want to do, in a few words.' } },
        required: ['query'],
      },
      source: `toolset "${this.name}"`,
      // Searching only reads the catalogue (disclosure changes what the run offers, not the world).
      readOnly: true,
      openWorld: false,
      invoke: (ctx, args: { query: string }) => this.runSearch(ctx, args.query),
    });
    // Every search tool takes the same arguments: one schema object for all of them, so its
    // validator (compiled per schema object) is compiled once, not on each new toolset's first search.
    searchParameters ??= searchTool.parameters;
    this.searchTool = { ...searchTool, parameters: searchParameters };
  }

  /** How many tools the catalogue holds. */
  get size(): number {
    return this.catalogue.size;
  }

  /** The search tool, plus the catalogue tools this run has disclosed (in disclosure order). */
  tools(ctx: RunContext): Tool[] {
    const out: Tool[] = [this.searchTool];
    for (const name of ctx.disclosedTools ?? []) {
      const tool = this.catalogue.get(name);
      if (tool) out.push(tool);
    }
    return out;
  }

  /** Every catalogue tool is deferred: it is offered once a search disclosed it. */
  hasDeferredTool(name: string): boolean {
    return this.catalogue.has(name);
  }

  /** The catalogue tool named `name`, if any. */
  get(name: string): Tool | undefined {
    return this.catalogue.get(name);
  }

  /** The best matches for `query`, best first (at most `limit`, default `maxResults`). Builds the index on first use. */
  search(query: string, limit = this.maxResults): ToolSearchHit[] {
    const words = typeof query === 'string' ? query.trim() : '';
    if (words === '') return [];
    return this.buildIndex()
      .search(words, limit)
      .map((hit) => ({ name: hit.name, description: oneLine(this.catalogue.get(hit.name)!.description), score: hit.score }));
  }

  /** Builds the index now instead of on the first search (e.g. at startup). */
  warmUp(): void {
    this.buildIndex();
  }

  /**
   * Adds tools to the catalogue (`Tool`s, decorated instances, arrays of these); a tool named
   * like one already there replaces it. They are searchable from the next search on, in every
   * run using this toolset. A tool named like the search tool, or two new tools sharing a name,
   * fail with `UserError` and nothing is added.
   *
   * @example
   * catalogue.add(new BillingTools(), defineTool({ name: 'refund_order', ... }));
   */
  add(...entries: CatalogueEntry[]): void {
    const added = buildCatalogue(`ToolSearchToolset "${this.name}"`, entries);
    this.refuseSearchToolName(added);
    for (const [name, tool] of added) {
      this.catalogue.set(name, tool);
      this.index?.add(tool);
    }
  }

  /**
   * Takes the named tools out of the catalogue: searches stop finding them, and runs that had
   * disclosed them are no longer offered them from their next model call on. Unknown names are
   * ignored. Returns how many tools were removed.
   */
  remove(...names: string[]): number {
    let removed = 0;
    for (const name of names) {
      if (!this.catalogue.delete(name)) continue;
      this.index?.remove(name);
      removed++;
    }
    return removed;
  }

  private refuseSearchToolName(tools: Map<string, Tool>): void {
    if (tools.has(this.searchToolName)) {
      throw new UserError(
        `ToolSearchToolset "${this.name}": a catalogue tool is named "${this.searchToolName}" like the search tool. Rename it, or pass another toolName.`,
      );
    }
  }

  private buildIndex(): ToolIndex {
    this.index ??= new ToolIndex(this.catalogue.values());
    return this.index;
  }

  private async runSearch(ctx: ToolContext<any>, query: string): Promise<ToolResult> {
    const found: ToolSearchHit[] = [];
    // Look further than maxResults so tools disabled for this agent do not crowd out usable ones.
    for (const hit of this.search(query, this.maxResults * 3)) {
      if (found.length >= this.maxResults) break;
      const tool = this.catalogue.get(hit.name)!;
      if (tool.isEnabled && !(await tool.isEnabled(ctx, ctx.agent))) continue;
      found.push(hit);
    }
    if (found.length === 0) {
      return ToolResult.text(`No tools match "${query}". Try other words: the action you need and the kind of thing it acts on.`)
        .withDetails({ query, results: [] });
    }
    const lines = found.map((hit) => `- ${hit.name}: ${hit.description}`);
    return ToolResult.text(`Tools matching "${query}" (callable from your next step):\n${lines.join('\n')}`)
      .withAddedTools(found.map((hit) => hit.name))
      .withDetails({ query, results: found.map((hit) => ({ name: hit.name, score: hit.score })) });
  }
}
