import 'reflect-metadata';
import { Agent, Param, Runner, ScriptedModel, Tool, ToolSearchToolset, Toolkit, UserError, defineTool, type Tool as ToolObject } from '@toolwright/core';
import { nameWords, oneLine } from '../../src/toolsets/tool-catalogue';
import { searchTerms } from '../../src/toolsets/search-terms';
import { COMMON_TERM_MIN_TOOLS } from '../../src/toolsets/tool-index';
import { outputsOf } from '../runner/helpers';

function tool(name: string, description: string, properties: Record<string, object> = {}, extra: Partial<ToolObject> = {}): ToolObject {
  return defineTool({ name, description, parameters: { type: 'object', properties, required: Object.keys(properties) }, invoke: () => `${name} ran`, ...extra });
}

const catalogue = (): ToolObject[] => [
  tool('create_calendar_event', 'Create an event in the user calendar.\nMore details here.', { title: { type: 'string' }, startsAt: { type: 'string' } }),
  tool('delete_calendar_event', 'Delete an event from the calendar.', { eventId: { type: 'string' } }),
  tool('sendSlackMessage', 'Post a message to a Slack channel.', { channel: { type: 'string' }, text: { type: 'string' } }),
  tool('send_email', 'Send an email to a recipient.', { recipient: { type: 'string' }, subject: { type: 'string' } }),
  tool('get_invoice', 'Fetch one invoice.', { invoiceNumber: { type: 'string' } }),
  tool('list_repositories', 'List the GitHub repositories of an organisation.', { organisation: { type: 'string' } }),
];

describe('ToolSearchToolset', () => {
  describe('search()', () => {
    it('ranks by name words, description and parameter names', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      expect(search.search('calendar event')[0]!.name).toMatch(/calendar_event$/);
      expect(search.search('delete event')[0]!.name).toBe('delete_calendar_event');
      expect(search.search('slack message')[0]!.name).toBe('sendSlackMessage');
      expect(search.search('invoice number')[0]!.name).toBe('get_invoice');
      expect(search.search('organisation')[0]!.name).toBe('list_repositories'); // a parameter name only
    });

    it('matches prefixes and typos', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      expect(search.search('repo')[0]!.name).toBe('list_repositories');
      expect(search.search('calendr evnt')[0]!.name).toMatch(/calendar_event$/);
      expect(search.search('invoise')[0]!.name).toBe('get_invoice');
    });

    it('takes only words missing from the catalogue for typos, from 4 letters on', () => {
      const search = new ToolSearchToolset({
        tools: [...catalogue(), tool('report_bug', 'Report a bug.'), tool('repost_message', 'Post a message again.')],
      });
      expect(search.search('emal')[0]!.name).toBe('send_email'); // 4 letters, one edit from "email"
      expect(search.search('reort')[0]!.name).toBe('report_bug');
      // "report" is a catalogue word: it is not also read as the one-edit neighbour "repost".
      expect(search.search('report', 10).map((hit) => hit.name)).toEqual(['report_bug']);
    });

    it('ignores stop words in queries and documents', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      expect(search.search('the')).toEqual([]);
      expect(search.search('to the of')).toEqual([]);
      expect(search.search('an event in the calendar')[0]!.name).toMatch(/calendar_event$/);
    });

    it('splits identifiers and symbols inside descriptions', () => {
      const search = new ToolSearchToolset({ tools: [...catalogue(), tool('billing_helper', 'Wraps `voidInvoice`+`refundPayment` for support.')] });
      expect(search.search('void')[0]!.name).toBe('billing_helper');
      expect(search.search('refund payment')[0]!.name).toBe('billing_helper');
    });

    it('leaves out words found in most of a large catalogue, keeping them where they are rare', () => {
      const many = (count: number): ToolObject[] =>
        Array.from({ length: count }, (_, i) => tool(`task_${i}`, `Handles task number ${i} on behalf of the user.`, { note: { type: 'string' } }));
      const profile = tool('get_user_profile', 'Fetch a profile.', { userId: { type: 'string' } });
      const large = new ToolSearchToolset({ tools: [...many(COMMON_TERM_MIN_TOOLS), profile] });
      // "user" is in every other description: only the tool naming it matches, not the whole catalogue.
      expect(large.search('user', 1000).map((hit) => hit.name)).toEqual(['get_user_profile']);
      expect(large.search('behalf', 1000)).toEqual([]);
      expect(large.search('task 42')[0]!.name).toBe('task_42'); // "task" is common in names and descriptions, "42" is not
      // Below COMMON_TERM_MIN_TOOLS tools nothing is left out.
      const small = new ToolSearchToolset({ tools: [...many(COMMON_TERM_MIN_TOOLS - 2), profile] });
      expect(small.search('user', 1000)).toHaveLength(COMMON_TERM_MIN_TOOLS - 1);
      expect(small.search('user')[0]!.name).toBe('get_user_profile');
    });

    it('finds the right tool first in a 10,000-tool catalogue', () => {
      const verbs = ['create', 'update', 'delete', 'get', 'list', 'archive', 'export', 'share', 'assign', 'sync'];
      const objects = ['message', 'channel', 'issue', 'event', 'email', 'file', 'invoice', 'customer', 'ticket', 'user'];
      const services = Array.from({ length: 100 }, (_, i) => `service${i}`);
      const tools: ToolObject[] = [];
      for (const service of services) for (const verb of verbs) for (const object of objects) {
        tools.push(tool(`${service}_${verb}_${object}`, `${verb} a ${object} in ${service}. Uses the ${service} API on behalf of the user.`, { id: { type: 'string' } }));
      }
      const search = new ToolSearchToolset({ tools, maxResults: 5 });
      search.warmUp();
      let found = 0;
      for (let i = 0; i < 200; i++) {
        const [service, verb, object] = [services[(i * 7) % 100]!, verbs[i % 10]!, objects[(i * 3) % 10]!];
        const hits = search.search(`${verb} ${object} ${service}`);
        if (hits[0]?.name === `${service}_${verb}_${object}`) found++;
      }
      // Latency is measured by bench/tool-search.bench.js, not asserted here.
      expect(found).toBe(200);
    });

    it('returns at most maxResults hits with one-line descriptions, and nothing for an empty query', () => {
      const search = new ToolSearchToolset({ tools: catalogue(), maxResults: 2 });
      const hits = search.search('calendar event send');
      expect(hits).toHaveLength(2);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
      expect(search.search('create calendar')[0]).toMatchObject({ name: 'create_calendar_event', description: 'Create an event in the user calendar.' });
      expect(search.search('   ')).toEqual([]);
      expect(search.search('zzzzqqqq')).toEqual([]);
    });

    it('builds its index once, on the first search, and reuses it', () => {
      // Indexing reads every tool's description; this tool counts the reads (and matches neither query).
      let reads = 0;
      const counted = tool('archive_invoices', 'Archive old invoices.');
      Object.defineProperty(counted, 'description', { enumerable: true, get: () => (reads++, 'Archive old invoices.') });
      const search = new ToolSearchToolset({ tools: [...catalogue(), counted] });
      const beforeSearch = reads;
      search.search('email');
      const afterFirst = reads;
      expect(afterFirst).toBeGreaterThan(beforeSearch);
      search.search('slack');
      search.search('calendar');
      expect(reads).toBe(afterFirst);
    });
  });

  describe('in a run', () => {
    it('shares one index between the runs using the toolset', async () => {
      let reads = 0;
      const counted = tool('archive_invoices', 'Archive old invoices.');
      Object.defineProperty(counted, 'description', { enumerable: true, get: () => (reads++, 'Archive old invoices.') });
      const search = new ToolSearchToolset({ tools: [...catalogue(), counted] });
      const agent = new Agent({ name: 'a', tools: [search] });
      const run = async (query: string) => {
        const model = new ScriptedModel([{ toolCalls: [{ name: 'search_tools', arguments: { query } }] }, { text: 'ok' }]);
        await new Runner({ model }).run(agent, 'go');
        return model.requests[1]!.tools.map((t) => t.name);
      };
      expect(await run('email')).toContain('send_email');
      const afterFirstRun = reads;
      expect(afterFirstRun).toBeGreaterThan(0);
      expect(await run('slack')).toContain('sendSlackMessage');
      expect(await run('calendar')).toContain('create_calendar_event');
      expect(reads).toBe(afterFirstRun);
    });

    it('offers only search_tools; a search lists the matches and discloses them from the next model call on', async () => {
      const search = new ToolSearchToolset({ tools: catalogue(), maxResults: 2 });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'search_tools', arguments: { query: 'send slack message' }, callId: 's' }, { name: 'sendSlackMessage', arguments: { channel: 'c', text: 't' }, callId: 'early' }] },
        { toolCalls: [{ name: 'sendSlackMessage', arguments: { channel: '#ops', text: 'hi' }, callId: 'm' }] },
        { text: 'sent' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [search] }), 'tell ops hi');
      const offered = model.requests.map((r) => r.tools.map((t) => t.name));
      expect(offered[0]).toEqual(['search_tools']);
      expect(offered[1]![0]).toBe('search_tools');
      expect(offered[1]).toContain('sendSlackMessage');
      expect(offered[1]!.length).toBeLessThanOrEqual(3);
      const outputs = outputsOf(result.history);
      expect(outputs['s']).toMatch(/^Tools matching "send slack message" \(callable from your next step\):\n- sendSlackMessage: Post a message to a Slack channel\./);
      expect(outputs['early']).toMatch(/^Tool "sendSlackMessage" not found/);
      expect(outputs['m']).toBe('sendSlackMessage ran');
      expect(result.state.disclosedTools.has('sendSlackMessage')).toBe(true);
    });

    it('keeps disclosures per run: another run starts with search_tools only', async () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      const agent = new Agent({ name: 'a', tools: [search] });
      const first = new ScriptedModel([{ toolCalls: [{ name: 'search_tools', arguments: { query: 'email' } }] }, { text: 'ok' }]);
      await new Runner({ model: first }).run(agent, 'go');
      expect(first.requests[1]!.tools.map((t) => t.name)).toContain('send_email');
      const second = new ScriptedModel([{ text: 'ok' }]);
      await new Runner({ model: second }).run(agent, 'go');
      expect(second.requests[0]!.tools.map((t) => t.name)).toEqual(['search_tools']);
    });

    it('answers a search without matches with advice and discloses nothing', async () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'search_tools', arguments: { query: 'qqqqzzzz' }, callId: 's' }] }, { text: 'no' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [search] }), 'go');
      expect(outputsOf(result.history)['s']).toMatch(/^No tools match "qqqqzzzz"\. Try other words/);
      expect(model.requests[1]!.tools.map((t) => t.name)).toEqual(['search_tools']);
    });

    it('skips tools disabled for the agent', async () => {
      const hidden = tool('send_fax', 'Send a fax message.', {}, { isEnabled: () => false });
      const search = new ToolSearchToolset({ tools: [hidden, ...catalogue()] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'search_tools', arguments: { query: 'send fax' }, callId: 's' }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [search] }), 'go');
      expect(outputsOf(result.history)['s']).not.toContain('send_fax');
      expect(model.requests[1]!.tools.map((t) => t.name)).not.toContain('send_fax');
    });

    it('accepts decorated toolkit instances in the catalogue', async () => {
      @Toolkit({ prefix: 'crm_' })
      class Crm {
        /** Look up a customer by email address. */
        @Tool()
        findCustomer(@Param('email') email: string): string {
          return `customer ${email}`;
        }
      }
      const search = new ToolSearchToolset({ tools: [new Crm(), catalogue()] });
      expect(search.size).toBe(7);
      expect(search.search('customer')[0]!.name).toBe('crm_find_customer');
    });
  });

  describe('when the catalogue changes', () => {
    it('finds added tools and forgets removed ones, in an index already built', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      search.warmUp();
      expect(search.search('fax')).toEqual([]);
      search.add(tool('send_fax', 'Send a fax to a number.', { faxNumber: { type: 'string' } }));
      expect(search.size).toBe(7);
      expect(search.search('fax')[0]!.name).toBe('send_fax');
      expect(search.hasDeferredTool('send_fax')).toBe(true);
      expect(search.remove('send_email', 'no_such_tool')).toBe(1);
      expect(search.search('email').map((hit) => hit.name)).not.toContain('send_email');
      expect(search.hasDeferredTool('send_email')).toBe(false);
      expect(search.get('send_email')).toBeUndefined();
      expect(search.size).toBe(6);
    });

    it('replaces a tool added under a name already there, description and all', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      expect(search.search('invoice')[0]!.description).toBe('Fetch one invoice.');
      const newer = tool('get_invoice', 'Download an invoice as PDF.', { invoiceNumber: { type: 'string' } });
      search.add(newer);
      expect(search.size).toBe(6);
      expect(search.get('get_invoice')).toBe(newer);
      expect(search.search('pdf')[0]).toMatchObject({ name: 'get_invoice', description: 'Download an invoice as PDF.' });
    });

    it('ranks a changed catalogue as a new toolset over the same tools would', () => {
      // Crossing COMMON_TERM_MIN_TOOLS changes which words are left out: the statistics follow the changes.
      const many = Array.from({ length: COMMON_TERM_MIN_TOOLS + 20 }, (_, i) => tool(`task_${i}`, `Handles task ${i} for the user.`, { note: { type: 'string' } }));
      const changed = new ToolSearchToolset({ tools: catalogue() });
      changed.warmUp();
      changed.add(many);
      changed.remove('task_3', 'send_email', 'task_50');
      changed.add(tool('send_email', 'Email a user.', { to: { type: 'string' } }));
      const kept = many.filter((t) => t.name !== 'task_3' && t.name !== 'task_50');
      const fresh = new ToolSearchToolset({ tools: [...catalogue().filter((t) => t.name !== 'send_email'), ...kept, tool('send_email', 'Email a user.', { to: { type: 'string' } })] });
      for (const query of ['user', 'task 7', 'email user', 'handles', 'note', 'calendar event', 'tsk 12', 'task 3', 'emal']) {
        expect({ query, hits: changed.search(query, 10) }).toEqual({ query, hits: fresh.search(query, 10) });
      }
      expect(changed.search('task 50', 200).map((hit) => hit.name)).not.toContain('task_50');
    });

    it('refuses a tool named like the search tool, or two new tools sharing a name, adding none of them', () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      expect(() => search.add(tool('search_tools', 'x'))).toThrow(/named "search_tools" like the search tool/);
      expect(() => search.add([tool('a_tool', 'x'), tool('a_tool', 'y')])).toThrow(/two catalogue tools are named "a_tool"/);
      expect(search.size).toBe(6);
      expect(search.get('a_tool')).toBeUndefined();
    });

    it('is seen by the runs using the toolset from their next search and model call', async () => {
      const search = new ToolSearchToolset({ tools: catalogue() });
      const fax = tool('send_fax', 'Send a fax to a number.', { faxNumber: { type: 'string' } });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'search_tools', arguments: { query: 'send email' }, callId: 's1' }] },
        () => {
          // Between two turns of the run: a tool arrives, another leaves.
          search.add(fax);
          search.remove('send_email');
          return { toolCalls: [{ name: 'search_tools', arguments: { query: 'fax' }, callId: 's2' }] };
        },
        { toolCalls: [{ name: 'send_fax', arguments: { faxNumber: '123' }, callId: 'f' }] },
        { text: 'sent' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [search] }), 'fax it');
      const offered = model.requests.map((r) => r.tools.map((t) => t.name));
      expect(offered[1]).toContain('send_email');
      expect(offered[2]).not.toContain('send_email'); // disclosed before, removed since
      expect(offered[2]).toContain('send_fax');
      expect(outputsOf(result.history)['s2']).toMatch(/- send_fax: Send a fax to a number\./);
      expect(outputsOf(result.history)['f']).toBe('send_fax ran');
    });
  });

  describe('configuration errors', () => {
    it('names both sources of a duplicate catalogue name, and a catalogue tool shadowing search_tools', () => {
      expect(() => new ToolSearchToolset({ tools: [tool('x', 'a'), tool('x', 'b')] })).toThrow(UserError);
      expect(() => new ToolSearchToolset({ name: 'cat', tools: [tool('x', 'a'), tool('x', 'b')] })).toThrow(
        /ToolSearchToolset "cat": two catalogue tools are named "x" \(from defineTool and defineTool\)/,
      );
      expect(() => new ToolSearchToolset({ tools: [tool('search_tools', 'a')] })).toThrow(/named "search_tools" like the search tool/);
      expect(() => new ToolSearchToolset({ tools: [42 as unknown as ToolObject] })).toThrow(/tools\[0\] is not a tool/);
      expect(() => new ToolSearchToolset({ tools: [], maxResults: 0 })).toThrow(/maxResults must be a positive integer/);
    });
  });

  describe('helpers', () => {
    it('split names into words and cut descriptions to one line', () => {
      expect(nameWords('createCalendarEvent')).toBe('create calendar event');
      expect(nameWords('get_HTTPStatus-v2')).toBe('get http status v2');
      expect(oneLine('First sentence. Second one.')).toBe('First sentence.');
      expect(oneLine('Line one\nline two')).toBe('Line one');
      expect(oneLine('x'.repeat(200))).toHaveLength(120);
    });

    it('turn text into search terms: identifiers split, lower case, symbols and stop words dropped', () => {
      expect(searchTerms('Uses the `createEvent` API, e.g. for a user.')).toEqual(['uses', 'create', 'event', 'api', 'e', 'g', 'user']);
      expect(searchTerms('get_HTTPStatus-v2 + send.slack|message')).toEqual(['get', 'http', 'status', 'v2', 'send', 'slack', 'message']);
      expect(searchTerms('Turn ON the lights, not off')).toEqual(['turn', 'on', 'lights', 'not', 'off']);
      expect(searchTerms(' ')).toEqual([]);
    });
  });
});

describe('ToolSearchToolset disclosures', () => {
  it('survive a pause and a resume from serialised state', async () => {
    const { RunState } = await import('@toolwright/core');
    const search = new ToolSearchToolset({ tools: catalogue() });
    const risky = defineTool({ name: 'risky', description: 'r', parameters: {}, invoke: () => 'r', needsApproval: true });
    const agent = new Agent({ name: 'a', tools: [search, risky] });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_tools', arguments: { query: 'send email' } }] },
      { toolCalls: [{ name: 'risky', callId: 'r1' }] },
      { toolCalls: [{ name: 'send_email', arguments: { recipient: 'a@b.c', subject: 'hi' }, callId: 'e1' }] },
      { text: 'done' },
    ]);
    const runner = new Runner({ model });
    const paused = await runner.run(agent, 'go');
    const restored = RunState.fromString(agent, paused.state.toString());
    restored.approve('r1');
    const done = await runner.run(agent, restored);
    expect(model.requests[2]!.tools.map((t) => t.name)).toContain('send_email');
    expect(outputsOf(done.history)['e1']).toBe('send_email ran');
  });
});
