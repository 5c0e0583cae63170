// The decorators below read TypeScript's type metadata through the polyfill (a peer dependency).
import 'reflect-metadata';
import { Ctx, Param, Tool, Toolkit, ToolResult, type ToolContext } from '@toolwright/core';
import { requestSearch } from './brave-request';
import { resolveBraveSearchOptions, type BraveSearchOptions, type ResolvedBraveSearchOptions } from './brave-search-options';
import { BraveSearchError } from './brave-search.error';
import { formatResults, parseSearchResponse } from './search-results';

/** Brave's limit on the length of a query, in characters. */
export const MAX_QUERY_LENGTH = 400;

/**
 * Web search through Brave's Search API, as a toolkit with one tool, `brave_search { query }`.
 * The model chooses only the query; result count, country, language, safe search and freshness
 * are fixed by the options. The tool is annotated `readOnly` (it changes nothing anywhere, so
 * plan mode runs it) and `openWorld` (it reaches the web).
 *
 * @example
 * const agent = new Agent({ name: 'researcher', tools: [new BraveSearchToolkit({ count: 5 })] });
 */
@Toolkit({ name: 'brave_search', description: 'Web search through the Brave Search API.' })
export class BraveSearchToolkit {
  private readonly options: ResolvedBraveSearchOptions;

  /** @throws UserError when no API key is given or set in `BRAVE_API_KEY`, or an option is invalid. */
  constructor(options: BraveSearchOptions = {}) {
    this.options = resolveBraveSearchOptions(options);
  }

  /** Searches the web; the result's `details` hold the structured results (`display: 'table'`). */
  @Tool({
    description: 'Search the web with the Brave Search API and return the top results (title, URL, description).',
    readOnly: true,
    openWorld: true,
  })
  async braveSearch(
    @Param('query', { description: 'The web search query.', maxLength: MAX_QUERY_LENGTH }) query: string,
    @Ctx() ctx: ToolContext,
  ): Promise<ToolResult> {
    const trimmed = typeof query === 'string' ? query.trim() : '';
    if (trimmed === '') throw new BraveSearchError('query must not be empty');
    const body = await requestSearch(this.options, trimmed, ctx.signal);
    const details = parseSearchResponse(body, trimmed, this.options.count);
    return ToolResult.text(formatResults(details.results))
      .withDetails(details)
      .withDisplay('table')
      .withTitle(`Brave search: ${trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed}`)
      .withSummary(`${details.results.length} result${details.results.length === 1 ? '' : 's'}`);
  }
}
