import MiniSearch from 'minisearch';
import { defineTool, type Tool } from '@toolwright/core';
import { parameterWords } from '../../src/toolsets/tool-catalogue';
import { searchTerms } from '../../src/toolsets/search-terms';
import { replaceTermDictionary } from '../../src/toolsets/term-dictionary';
import { COMMON_TERM_MIN_TOOLS, ToolIndex } from '../../src/toolsets/tool-index';

// The index used to be MiniSearch (BM25+, prefix and fuzzy search) configured as below. The index
// that replaced it keeps its ranking: these tests compare both on a generated catalogue, before
// and after tools are added and removed. The order of equal scores is the one difference: the
// index keeps catalogue order between them.

const FIELDS = ['words', 'description', 'params'] as const;

/** The MiniSearch index tool search used to build (same options, same common-term rule). */
function referenceSearch(tools: Tool[]): (query: string, limit: number) => Array<{ name: string; score: number }> {
  const docs = tools.map((tool) => ({ id: tool.name, words: tool.name, description: tool.description ?? '', params: parameterWords(tool.parameters) }));
  const frequency = FIELDS.map(() => new Map<string, number>());
  for (const doc of docs) {
    FIELDS.forEach((field, i) => {
      for (const term of new Set(searchTerms(doc[field]))) frequency[i]!.set(term, (frequency[i]!.get(term) ?? 0) + 1);
    });
  }
  const vocabulary = new Set(frequency.flatMap((counts) => [...counts.keys()]));
  const maxCount = docs.length >= COMMON_TERM_MIN_TOOLS ? docs.length * 0.5 : Infinity;
  const common = FIELDS.map((_, i) => new Set([...frequency[i]!].filter(([, count]) => count > maxCount).map(([term]) => term)));
  const engine = new MiniSearch<(typeof docs)[number]>({
    fields: [...FIELDS],
    tokenize: searchTerms,
    processTerm: (term, field) => (field !== undefined && common[FIELDS.indexOf(field as (typeof FIELDS)[number])]!.has(term) ? null : term),
    searchOptions: {
      tokenize: searchTerms,
      processTerm: (term) => term,
      boost: { words: 3, params: 1.5 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length < 4 || vocabulary.has(term) ? false : term.length >= 8 ? 2 : 1),
      combineWith: 'OR',
    },
  });
  engine.addAll(docs);
  return (query, limit) => engine.search(query).slice(0, limit).map((hit) => ({ name: hit.id as string, score: hit.score }));
}

const services = ['slack', 'github', 'jira', 'calendar', 'gmail', 'stripe', 'hubspot', 'notion', 'dropbox', 'shopify', 'salesforce', 'datadog'];
const verbs = ['create', 'update', 'delete', 'get', 'list', 'search', 'archive', 'export', 'share', 'assign', 'schedule', 'cancel'];
const objects = ['message', 'channel', 'issue', 'pullRequest', 'event', 'email', 'invoice', 'customer', 'ticket', 'subscription', 'report', 'deployment'];
const params = ['id', 'title', 'body', 'ownerId', 'due_date', 'priority', 'labels', 'amount', 'currency', 'emailAddress', 'cursor', 'status'];

/** `count` tools: names service × verb × object (camelCase for some), descriptions with repeats and numbers, 1–3 parameters. */
function catalogue(count: number, from = 0): Tool[] {
  return Array.from({ length: count }, (_, n) => {
    const i = n + from;
    const [service, verb, object] = [services[i % 12]!, verbs[Math.floor(i / 12) % 12]!, objects[Math.floor(i / 144) % 12]!];
    const round = Math.floor(i / 1728);
    const name = i % 5 === 0 ? `${verb}${object[0]!.toUpperCase()}${object.slice(1)}In${service}${round ? `V${round}` : ''}` : `${service}_${verb}_${object}${round ? `_v${round}` : ''}`;
    const properties = Object.fromEntries(params.filter((_, p) => (i + p) % 5 === 0).map((p) => [p, { type: 'string' }]));
    const extra = i % 7 === 0 ? ` The ${object} ${object} is kept for ${i % 30} days.` : '';
    return defineTool({ name, description: `${verb} a ${object} in ${service}.${extra} Uses the ${service} API on behalf of the user.`, parameters: { type: 'object', properties }, invoke: () => 'ok' });
  });
}

const queries = [
  'create message slack', 'slack message', 'delete event calendar', 'pull request github', 'pullrequest', 'invoice stripe refund',
  'customer hubspot update', 'email', 'emal', 'invoise', 'calendr evnt', 'subscripton cancel', 'deploymnt datadog', 'repo', 'cust',
  'sub', 'sched', 'the user', 'behalf', 'uses api', 'owner', 'due date', 'email address', 'currency amount', 'labels priority',
  'kept days', '14 days', 'v1', 'github v1 issue', 'slack slack message', 'zzzz', 'qqqqzzzz', 'message message message', 'assign ticket jira',
  'export report notion', 'share dropbox', 'shopify archive', 'salesforce list customer', 'ticet', 'chanel', 'shedule', 'deployments',
];

/**
 * The same scores in the same order, and each hit scored as the reference scores that tool: the
 * same ranking up to the order of equal scores (the reference lists ties in the order its query
 * terms first reached them, the index in catalogue order).
 */
function expectSameRanking(index: ToolIndex, reference: ReturnType<typeof referenceSearch>): void {
  for (const query of queries) {
    const got = index.search(query, 10);
    const all = reference(query, Infinity);
    const want = all.slice(0, 10);
    const scoreOf = new Map(all.map((hit) => [hit.name, hit.score]));
    expect({ query, hits: got.length }).toEqual({ query, hits: want.length });
    got.forEach((hit, i) => {
      expect(hit.score).toBeCloseTo(want[i]!.score, 9);
      const difference = Math.abs((scoreOf.get(hit.name) ?? Infinity) - hit.score);
      expect({ query, name: hit.name, scoredAlike: difference < 1e-9 }).toEqual({ query, name: hit.name, scoredAlike: true });
    });
  }
}

describe('ToolIndex', () => {
  describe('ranks as the MiniSearch index it replaced', () => {
    it('in a catalogue where common words are left out (2,000 tools)', () => {
      const tools = catalogue(2_000);
      expectSameRanking(new ToolIndex(tools), referenceSearch(tools));
    });

    it('in a small catalogue, where no word is left out', () => {
      const tools = catalogue(60);
      expectSameRanking(new ToolIndex(tools), referenceSearch(tools));
    });

    it('after tools are added, replaced and removed (a fresh reference over the changed catalogue)', () => {
      const tools = catalogue(1_500);
      const index = new ToolIndex(tools);
      index.search('warm', 5);
      const added = catalogue(400, 1_500);
      added.forEach((tool) => index.add(tool));
      const replaced = defineTool({ name: tools[3]!.name, description: 'Refund an order in stripe.', parameters: {}, invoke: () => 'ok' });
      index.add(replaced);
      const removed = new Set(tools.filter((_, i) => i % 3 === 1).map((tool) => tool.name));
      removed.forEach((name) => expect(index.remove(name)).toBe(true));
      expect(index.remove('no_such_tool')).toBe(false);
      const now = [...tools.filter((tool, i) => i !== 3 && !removed.has(tool.name)), ...added, replaced];
      expect(index.size).toBe(now.length);
      // Catalogue order of the reference: the index keeps slots in order of addition.
      expectSameRanking(index, referenceSearch(now));
    });

    it('after most of the catalogue is removed (the index compacts itself)', () => {
      const tools = catalogue(1_200);
      const index = new ToolIndex(tools);
      tools.slice(0, 1_000).forEach((tool) => index.remove(tool.name));
      expectSameRanking(index, referenceSearch(tools.slice(1_000)));
      tools.slice(0, 500).forEach((tool) => index.add(tool));
      expectSameRanking(index, referenceSearch([...tools.slice(1_000), ...tools.slice(0, 500)]));
    });
  });

  it('reads its tools again when the shared term dictionary was replaced since it was built', () => {
    const tools = catalogue(300);
    const index = new ToolIndex(tools);
    replaceTermDictionary();
    const added = catalogue(50, 300);
    added.forEach((tool) => index.add(tool));
    index.remove(tools[0]!.name);
    expectSameRanking(index, referenceSearch([...tools.slice(1), ...added]));
    // Another index over the same tools, built after the change, ranks alike.
    expectSameRanking(new ToolIndex([...tools.slice(1), ...added]), referenceSearch([...tools.slice(1), ...added]));
  });

  it('keeps catalogue order between equal scores', () => {
    const same = (name: string) => defineTool({ name, description: 'Send a fax.', parameters: {}, invoke: () => 'ok' });
    const index = new ToolIndex([same('fax_b'), same('fax_a'), same('fax_c')]);
    expect(index.search('send', 3).map((hit) => hit.name)).toEqual(['fax_b', 'fax_a', 'fax_c']);
  });
});
