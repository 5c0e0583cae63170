import 'reflect-metadata';
import {
  Agent, Args, Ctx, Param, Runner, ScriptedModel, Tool, Toolkit, UseInterceptors, UserError, parseToolArguments, toolsOf,
  type ToolContext, type ToolInterceptor, type ToolInvocation, type ToolResult,
} from '@toolwright/core';
import { setToolsOf, type ToolMethodCall } from '@toolwright/core/extend';

const ctx = { callId: 'c1' } as unknown as ToolContext;

/** A dependency an interceptor class needs from a container. */
class AuditLog {
  readonly entries: string[] = [];
}

function Injectable(): ClassDecorator {
  // Any class decorator makes TypeScript emit design:paramtypes, as @Injectable() does in NestJS.
  return () => undefined;
}

@Injectable()
class AuditInterceptor implements ToolInterceptor {
  constructor(readonly log: AuditLog) {}
  async intercept({ tool }: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    this.log.entries.push(tool.name);
    return next();
  }
}

class Query {
  q!: string;
}

@Toolkit({ name: 'orders' })
@UseInterceptors(AuditInterceptor)
class OrderTools {
  @Tool()
  findOrder(@Param('id') id: string, @Ctx() context: ToolContext): string {
    return `order ${id} (${context.callId})`;
  }

  @Tool({}, { parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } })
  search(@Args() args: Query): string {
    return `searched ${args.q}`;
  }
}

describe('toolsOf options for DI integrations', () => {
  describe('when an enhancer class has constructor dependencies and nothing resolves it', () => {
    it('fails when the tools are built, naming the class, its dependencies and the fix', async () => {
      expect(() => toolsOf(new OrderTools())).toThrow(UserError);
      expect(() => toolsOf(new OrderTools())).toThrow(/AuditInterceptor has constructor dependencies \(AuditLog\), and `new AuditInterceptor\(\)` cannot provide them/);
      const model = new ScriptedModel([{ text: 'never asked' }]);
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [new OrderTools()] }), 'go')).rejects.toThrow(/app\.get\(TheToolkit\)/);
      expect(model.requests).toHaveLength(0);
    });
  });

  describe('call', () => {
    it('receives each mapped call in place of the method, and may proceed to it', async () => {
      const log = new AuditLog();
      const calls: ToolMethodCall[] = [];
      const instance = new OrderTools();
      const tools = toolsOf(instance, {
        resolve: () => new AuditInterceptor(log),
        call: (call) => {
          calls.push(call);
          return (call.instance as Record<string, Function>)[call.method](...call.values);
        },
      });
      const [find, search] = tools;
      expect(await find.invoke(ctx, parseToolArguments(find, '{"id":"42"}'))).toBe('order 42 (c1)');
      expect(await search.invoke(ctx, parseToolArguments(search, '{"q":"shoes"}'))).toBe('searched shoes');
      expect(calls.map((c) => [c.method, c.toolName, c.values.length, c.ctx])).toEqual([['findOrder', 'find_order', 2, ctx], ['search', 'search', 1, ctx]]);
      expect(calls[0].args).toEqual({ id: '42' });
      expect(calls[1].input).toEqual({ q: 'shoes' });
      // The @Args value, as the method gets it.
      expect(calls[1].args).toBe(calls[1].values[0]);
      expect(calls.every((c) => c.instance === instance)).toBe(true);
    });
  });

  describe('toolkitClass', () => {
    it('gives a test double the toolkit\'s tools, calling its methods by name', async () => {
      const double = { findOrder: (id: string) => `mocked ${id}`, search: () => 'mocked search' };
      const tools = toolsOf(double, { toolkitClass: OrderTools, resolve: () => new AuditInterceptor(new AuditLog()) });
      expect(tools.map((t) => t.name)).toEqual(['find_order', 'search']);
      expect(tools[0].interceptors[0]).toBeInstanceOf(AuditInterceptor);
      expect(await tools[0].invoke(ctx, parseToolArguments(tools[0], '{"id":"7"}'))).toBe('mocked 7');
      expect(() => toolsOf(double)).toThrow(UserError);
    });
  });

  describe('setToolsOf', () => {
    it('makes the given tools what toolsOf(instance) and an Agent given the instance use', async () => {
      const log = new AuditLog();
      const instance = new OrderTools();
      const built = toolsOf(instance, { resolve: () => new AuditInterceptor(log) });
      setToolsOf(instance, built);
      expect(toolsOf(instance)).toEqual(built);
      const model = new ScriptedModel([{ toolCalls: [{ name: 'find_order', arguments: { id: '1' } }] }, { text: 'done' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [instance] }), 'find 1');
      expect(result.finalOutput).toBe('done');
      expect(log.entries).toEqual(['find_order']);
    });
  });
});
