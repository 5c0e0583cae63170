import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsInt, Min } from 'class-validator';
import { Runner, ScriptedModel } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightModule } from '@toolwright/nestjs';

/** A refund decision. */
class RefundDecision {
  approved!: boolean;
  @IsInt()
  @Min(0)
  amountCents!: number;
  decidedAt!: Date;
}

@AgentDefinition({ name: 'refunds', instructions: 'Decide refunds.', outputType: RefundDecision })
@Injectable()
class RefundsAgent {}

describe('@AgentDefinition({ outputType })', () => {
  it('builds a typed agent whose answer is a validated instance, with the build-time schema', async () => {
    const model = new ScriptedModel([
      { output: { approved: true, amountCents: -1, decidedAt: '2026-01-02T03:04:05.000Z' } },
      { output: { approved: true, amountCents: 500, decidedAt: '2026-01-02T03:04:05.000Z' } },
    ]);
    @Module({ imports: [ToolwrightModule.forRoot({ model, logDiscovery: false })], providers: [RefundsAgent] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    await moduleRef.init();
    try {
      const runner = moduleRef.get(Runner);
      const result = await runner.run(moduleRef.get(AgentRegistry).get('refunds'), 'Refund order 7');
      expect(result.finalOutput).toBeInstanceOf(RefundDecision);
      expect((result.finalOutput as RefundDecision).decidedAt).toBeInstanceOf(Date);
      expect(result.finalOutput).toMatchObject({ approved: true, amountCents: 500 });
      expect(model.requests[0]!.outputFormat).toMatchObject({
        name: 'RefundDecision',
        strict: true,
        schema: { type: 'object', required: ['approved', 'amountCents', 'decidedAt'], additionalProperties: false },
      });
      expect(JSON.stringify(model.requests[1]!.input.at(-1))).toMatch(/\/amountCents/);
    } finally {
      await moduleRef.close();
    }
  });
});
