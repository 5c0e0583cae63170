import MiniSearch from 'minisearch';
import { UserError } from '../errors/user.error';
import { ToolResult } from '../result/tool-result';
import { defineTool } from '../tool/define-tool';
import type { RunContext, Tool, ToolContext } from '../tool/tool';
import { assertValidToolName } from '../tool/tool-name';
import { buildCatalogue, nameWords, oneLine, parameterWords, type CatalogueEntry } from './tool-catalogue';
import type { Toolset } from './toolset';

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

interface IndexedTool {
  id: string;
  words: string;
  description: string;
  params: string;
}

/**
 * Hides a large catalogue of tools (hundreds to tens of thousands) behind a single
 * `search_tools(query)` tool. A search lists the best matches (name and one-line description)
 * and discloses them: they are offered from the run's next model call on, for the rest of that
 * run (the disclosed names live in the run's `RunState`, so they survive a pause and resume).
 *
 * Ranking is BM25 (MiniSearch) over the tools' names split into words (`create_calendar_event`,
 * `createCalendarEvent` → "create calendar event"), descriptions and parameter names, with
 * prefix and fuzzy matching so partial words and typos still find a tool. The index is built
 * once per toolset, on the first search, and shared by every run.
 *
 * @example
 * const catalogue = new ToolSearchToolset({ tools: [new CrmTools(), new CalendarTools(), ...rawTools], maxResults: 5 });
 * const agent = new Agent({ name: 'assistant', tools: [catalogue] });
 */
export class ToolSearchToolset implements Toolset {
  readonly name: string;
  readonly maxResults: number;
  /** The search tool the model is offered. */
  readonly searchTool: Tool;
  private readonly catalogue: Map<string, Tool>;
  private index?: MiniSearch<IndexedTool>;

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
    if (this.catalogue.has(toolName)) {
      throw new UserError(
        `ToolSearchToolset "${this.name}": a catalogue tool is named "${toolName}" like the search tool. Rename it, or pass another toolName.`,
      );
    }
    this.searchTool = defineTool({
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
      invoke: (ctx, args: { query: string }) => this.runSearch(ctx, args.query),
    });
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
    const hits = this.buildIndex().search(nameWords(words));
    const out: ToolSearchHit[] = [];
    for (const hit of hits) {
      if (out.length >= limit) break;
      const tool = this.catalogue.get(hit.id as string)!;
      out.push({ name: tool.name, description: oneLine(tool.description), score: hit.score });
    }
    return out;
  }

  /** Builds the index now instead of on the first search (e.g. at startup). */
  warmUp(): void {
    this.buildIndex();
  }

  private buildIndex(): MiniSearch<IndexedTool> {
    if (this.index) return this.index;
    const index = new MiniSearch<IndexedTool>({
      fields: ['words', 'description', 'params'],
      storeFields: [],
      searchOptions: {
        boost: { words: 3, params: 1.5 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        maxFuzzy: 2,
        combineWith: 'OR',
      },
    });
    const docs: IndexedTool[] = [];
    for (const tool of this.catalogue.values()) {
      docs.push({ id: tool.name, words: nameWords(tool.name), description: tool.description, params: parameterWords(tool.parameters) });
    }
    index.addAll(docs);
    this.index = index;
    return index;
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
