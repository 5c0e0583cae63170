import 'reflect-metadata';
import {
  Param, RequiresApproval, Tool, UseGuardrails, UseInterceptors, defineToolInputGuardrail, defineToolOutputGuardrail,
  GuardrailOutcome, toolsOf, UserError,
} from '@toolwright/core';
import type { ToolInterceptor, ToolInputGuardrail } from '@toolwright/core';

const inputA = defineToolInputGuardrail({ name: 'a', check: () => GuardrailOutcome.allow() });
const inputB = defineToolInputGuardrail({ name: 'b', check: () => GuardrailOutcome.allow() });
const output = defineToolOutputGuardrail({ name: 'out', check: () => GuardrailOutcome.allow() });
const logging: ToolInterceptor = { intercept: (_i, next) => next() };

class ClassGuard implements ToolInputGuardrail {
  static created = 0;
  readonly kind = 'input' as const;
  readonly name = 'class-guard';
  constructor() {
    ClassGuard.created++;
  }
  check() {
    return GuardrailOutcome.allow();
  }
}

describe('enhancer decorators', () => {
  @UseGuardrails(inputA, ClassGuard)
  @UseInterceptors(logging)
  @RequiresApproval()
  class Ops {
    @UseGuardrails(inputB, output)
    @Tool()
    restart(@Param('service') service: string) {
      return service;
    }

    @RequiresApproval((_ctx, args) => args.force === true)
    @Tool({ name: 'purge' })
    purge(@Param('force') force: boolean) {
      return force;
    }

    @Tool({ needsApproval: false })
    status() {
      return 'ok';
    }
  }

  it('carries class-level entries first, then method-level ones, instantiating classes', () => {
    ClassGuard.created = 0;
    const [restart] = toolsOf(new Ops());
    expect(restart.inputGuardrails.map((g) => g.name)).toEqual(['a', 'class-guard', 'b']);
    expect(restart.outputGuardrails).toEqual([output]);
    expect(restart.interceptors).toEqual([logging]);
    expect(ClassGuard.created).toBe(1);
  });

  it('resolves classes through the resolve hook when given', () => {
    const fromContainer = new ClassGuard();
    const tools = toolsOf(new Ops(), { resolve: (type) => (type === ClassGuard ? fromContainer : undefined) });
    expect(tools[0].inputGuardrails[1]).toBe(fromContainer);
  });

  it('maps @RequiresApproval: method beats class, explicit option beats both', () => {
    const [restart, purge, status] = toolsOf(new Ops());
    expect(restart.needsApproval).toBe(true);
    expect(typeof purge.needsApproval).toBe('function');
    expect(status.needsApproval).toBe(false);
  });

  it('refuses entries that are not guardrails or interceptors', () => {
    expect(() => UseGuardrails({} as never)(class X {})).toThrow(UserError);
    expect(() => UseInterceptors({} as never)(class X {})).toThrow(/not an interceptor/);
  });
});
