import 'reflect-metadata';
import { Catch, Injectable, Module, UseFilters, UseInterceptors as NestUseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  Param, Runner, ScriptedModel, Tool, Toolkit, UseInterceptors, UserError,
  type ToolInterceptor, type ToolInvocation, type ToolResult,
} from '@toolwright/core';
import { map, type Observable } from 'rxjs';
import { AgentDefinition, AgentRegistry, ToolwrightModule } from '../src';

/** A Toolwright interceptor: reads invocation.tool, calls next(). */
@Injectable()
class AuditInterceptor implements ToolInterceptor {
  static readonly seen: string[] = [];
  async intercept(invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    AuditInterceptor.seen.push(invocation.tool.name);
    return next();
  }
}

/** A Nest interceptor: calls next.handle(). */
@Injectable()
class TimingInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((value) => `${String(value)} [timed]`));
  }
}

/** Catches everything, as many apps' global filters do: must not swallow the mix-up. */
@Catch()
class CatchAll {
  catch(): string {
    return 'swallowed';
  }
}

@Toolkit()
@Injectable()
class WrongNestImport {
  calls = 0;
  /** Greets. */
  @Tool()
  @NestUseInterceptors(AuditInterceptor) // the IDE auto-imported @nestjs/common's UseInterceptors
  @UseFilters(CatchAll)
  greet(@Param('name') name: string): string {
    this.calls++;
    return `hi ${name}`;
  }
}

@Toolkit()
@Injectable()
class WrongCoreImport {
  calls = 0;
  /** Greets. */
  @Tool()
  @UseInterceptors(new TimingInterceptor() as unknown as ToolInterceptor) // a NestInterceptor in core's decorator
  greet(@Param('name') name: string): string {
    this.calls++;
    return `hi ${name}`;
  }
}

@Toolkit()
@Injectable()
class RightImports {
  /** Greets. */
  @Tool()
  @NestUseInterceptors(TimingInterceptor)
  @UseInterceptors(AuditInterceptor)
  greet(@Param('name') name: string): string {
    return `hi ${name}`;
  }
}

@AgentDefinition({ name: 'nest-import', tools: [WrongNestImport] })
@Injectable()
class NestImportAgent {}

@AgentDefinition({ name: 'core-import', tools: [WrongCoreImport] })
@Injectable()
class CoreImportAgent {}

@AgentDefinition({ name: 'right', tools: [RightImports] })
@Injectable()
class RightAgent {}

@Module({ providers: [WrongNestImport, WrongCoreImport, RightImports, AuditInterceptor, TimingInterceptor, NestImportAgent, CoreImportAgent, RightAgent] })
class MixUpModule {}

function callGreet() {
  return new ScriptedModel((request) => {
    const output = request.input.find((i) => i.type === 'function_call_output');
    return output ? { text: `model saw: ${String((output as { output: unknown }).output)}` } : { toolCalls: [{ name: 'greet', arguments: { name: 'Ada' }, callId: 'c1' }] };
  });
}

async function start() {
  const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model: callGreet() }), MixUpModule] }).compile();
  app.useLogger(false);
  await app.init();
  const run = (agent: string) => app.get(Runner).run(app.get(AgentRegistry).get(agent), 'go');
  return { app, run };
}

describe('a Toolwright interceptor and a Nest interceptor mixed up', () => {
  it('a ToolInterceptor in @UseInterceptors of @nestjs/common ends the run naming the method, the interceptor and the import, every time', async () => {
    const { app, run } = await start();
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = (await run('nest-import').catch((e: unknown) => e)) as Error;
        expect(error).toBeInstanceOf(UserError);
        expect(error.message).toContain("WrongNestImport.greet: an interceptor given to @UseInterceptors of '@nestjs/common' (AuditInterceptor) read \"invocation.tool\"");
        expect(error.message).toContain("Fix: import { UseInterceptors } from '@toolwright/core'");
        expect(error.message).not.toContain('Cannot read properties of undefined');
      }
      expect(app.get(WrongNestImport).calls).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('a NestInterceptor in @UseInterceptors of @toolwright/core ends the run naming the interceptor and the import', async () => {
    const { app, run } = await start();
    try {
      const error = (await run('core-import').catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(UserError);
      expect(error.message).toContain('The interceptor TimingInterceptor of tool "greet" called next.handle(): it is a NestJS interceptor');
      expect(error.message).toContain("Fix: put NestJS interceptors in @UseInterceptors imported from '@nestjs/common'");
      expect(app.get(WrongCoreImport).calls).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('each in its own decorator works, and Nest contexts of other kinds keep their fields', async () => {
    const { app, run } = await start();
    try {
      expect((await run('right')).finalOutput).toBe('model saw: hi Ada [timed]');
      expect(AuditInterceptor.seen).toEqual(['greet']);
      // The detection is a getter on Nest's ExecutionContextHost: an HTTP context is untouched.
      const { ExecutionContextHost } = await import('@nestjs/core/helpers/execution-context-host');
      const http = new ExecutionContextHost([{}, {}]) as unknown as Record<string, unknown>;
      expect(http.tool).toBeUndefined();
      http.tool = 'set by an app';
      expect(http.tool).toBe('set by an app');
    } finally {
      await app.close();
    }
  });
});
