import 'reflect-metadata';
import {
  Injectable, Module, Scope, UseGuards, type BeforeApplicationShutdown, type CanActivate, type OnApplicationBootstrap, type OnApplicationShutdown,
  type OnModuleDestroy, type OnModuleInit,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Param, Tool, UseInterceptors, type ToolInterceptor, type ToolInvocation, type ToolResult } from '@toolwright/core';
import { ToolkitRegistry, ToolwrightModule } from '../src';

/** Where the hooks of the classes below are recorded, in order. */
@Injectable()
class HookLog {
  readonly entries: string[] = [];
}

@Module({ providers: [HookLog], exports: [HookLog] })
class HookLogModule {}

/** Decorated so TypeScript emits its constructor's parameter types, which subclasses inherit. */
@Injectable()
abstract class RecordsHooks implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(protected readonly log: HookLog) {}
  onModuleInit(): void {
    this.record('onModuleInit');
  }
  onApplicationBootstrap(): void {
    this.record('onApplicationBootstrap');
  }
  onModuleDestroy(): void {
    this.record('onModuleDestroy');
  }
  beforeApplicationShutdown(signal?: string): void {
    this.record(`beforeApplicationShutdown(${signal})`);
  }
  onApplicationShutdown(signal?: string): void {
    this.record(`onApplicationShutdown(${signal})`);
  }
  private record(hook: string): void {
    this.log.entries.push(`${this.constructor.name}.${hook}`);
  }
}

/** A Toolwright interceptor class the container creates (no provider of it anywhere). */
@Injectable()
class FlushingAuditInterceptor extends RecordsHooks implements ToolInterceptor {
  intercept(_invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    return next();
  }
}

/** A Nest guard on the same toolkit, for comparison. */
@Injectable()
class HookedGuard extends RecordsHooks implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@UseInterceptors(FlushingAuditInterceptor)
@Injectable()
class AuditedTools {
  @UseGuards(HookedGuard)
  @Tool()
  lookup(@Param('id') id: string): string {
    return id;
  }
}

@Module({ imports: [HookLogModule], providers: [AuditedTools] })
class AuditedModule {}

@Injectable({ scope: Scope.TRANSIENT })
class PerToolkit implements ToolInterceptor {
  intercept(_invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    return next();
  }
}
@UseInterceptors(PerToolkit)
@Injectable()
class A {
  @Tool()
  a(): string {
    return 'a';
  }
}
@UseInterceptors(PerToolkit)
@Injectable()
class B {
  @Tool()
  b(): string {
    return 'b';
  }
}

@Injectable({ scope: Scope.REQUEST })
class PerRequest implements ToolInterceptor {
  intercept(_invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    return next();
  }
}
@UseInterceptors(PerRequest)
@Injectable()
class PerRequestTools {
  @Tool()
  t(): string {
    return 't';
  }
}

const hooks = ['onModuleInit', 'onApplicationBootstrap', 'onModuleDestroy', 'beforeApplicationShutdown(SIGTERM)', 'onApplicationShutdown(SIGTERM)'];

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const app = await Test.createTestingModule(metadata).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('Enhancer classes the container creates for Toolwright', () => {
  it('get every lifecycle hook, in order, as a Nest guard of the same toolkit does', async () => {
    const app = await start({ imports: [ToolwrightModule.forRoot({}), HookLogModule, AuditedModule] });
    const log = app.get(HookLog);
    await app.close('SIGTERM');
    const of = (name: string) => log.entries.filter((e) => e.startsWith(`${name}.`)).map((e) => e.slice(name.length + 1));
    expect(of('FlushingAuditInterceptor')).toEqual(hooks);
    expect(of('HookedGuard')).toEqual(hooks);
  });

  it('include the classes of the module options (forRoot interceptors)', async () => {
    @Injectable()
    class GlobalAudit extends RecordsHooks implements ToolInterceptor {
      intercept(_invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
        return next();
      }
    }
    const app = await start({ imports: [ToolwrightModule.forRoot({ imports: [HookLogModule], interceptors: [GlobalAudit] }), HookLogModule] });
    const log = app.get(HookLog);
    expect(log.entries).toEqual(['GlobalAudit.onModuleInit', 'GlobalAudit.onApplicationBootstrap']);
    await app.close('SIGTERM');
    expect(log.entries.map((e) => e.replace('GlobalAudit.', ''))).toEqual(hooks);
  });

  it('leave the hooks of an enhancer that is a provider to Nest (called once)', async () => {
    @Module({ imports: [HookLogModule], providers: [FlushingAuditInterceptor, AuditedTools] })
    class ProvidedModule {}
    const app = await start({ imports: [ToolwrightModule.forRoot({}), HookLogModule, ProvidedModule] });
    await app.close('SIGTERM');
    expect(app.get(HookLog).entries.filter((e) => e.startsWith('FlushingAuditInterceptor.'))).toHaveLength(hooks.length);
  });

  it('give each toolkit its own instance of a transient class', async () => {
    const app = await start({ imports: [ToolwrightModule.forRoot({})], providers: [A, B] });
    const { ModuleRef } = await import('@nestjs/core');
    const registry = app.get(ToolkitRegistry);
    const [a] = (await registry.resolve(A, app.get(ModuleRef), 'test')).tools;
    const [b] = (await registry.resolve(B, app.get(ModuleRef), 'test')).tools;
    expect(a.interceptors[0]).toBeInstanceOf(PerToolkit);
    expect(a.interceptors[0]).not.toBe(b.interceptors[0]);
    await app.close();
  });

  it('refuse a request-scoped class at start-up, naming it, its use and the module', async () => {
    const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({})], providers: [PerRequestTools] }).compile();
    app.useLogger(false);
    await expect(app.init()).rejects.toThrow(/PerRequest \(@UseGuardrails\/@UseInterceptors on PerRequestTools, in RootTestModule\) is request-scoped/);
  });
});
