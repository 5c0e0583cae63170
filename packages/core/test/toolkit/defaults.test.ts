import 'reflect-metadata';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { Args, Param, parseToolArguments, Tool, toolsOf } from '@toolwright/core';
import type { Tool as ToolObject, ToolContext } from '@toolwright/core';

const DEFAULT_LIMIT = 20;
let scored = 0;
function nextScore(): number {
  return ++scored * 10;
}

export class ReportArgs {
  /** Report period. */
  @IsOptional()
  @IsIn(['day', 'week', 'month'])
  period: 'day' | 'week' | 'month' = 'week';

  @IsOptional()
  @IsInt()
  limit: number = DEFAULT_LIMIT;

  /** Not a literal: the model is not told it, but it applies. */
  @IsOptional()
  @IsInt()
  score: number = nextScore();

  @IsOptional()
  label?: string;
}

class ReportTools {
  /** A summary. */
  @Tool()
  summary(@Param('period') period: 'day' | 'week' | 'month' = 'week', @Param('limit') limit = DEFAULT_LIMIT) {
    return { period, limit };
  }

  @Tool()
  report(@Args() args: ReportArgs) {
    return args;
  }
}

const ctx = {} as ToolContext;

function call(tool: ToolObject, args: unknown): unknown {
  return tool.invoke(ctx, parseToolArguments(tool, JSON.stringify(args)));
}

describe('defaults (issue 12, item 15)', () => {
  const [summary, report] = toolsOf(new ReportTools());

  describe('of @Param parameters', () => {
    it('reach the model in the description', () => {
      expect(summary.parameters.properties).toEqual({
        period: { type: ['string', 'null'], enum: ['day', 'week', 'month', null], description: 'Default: week.' },
        limit: { type: ['number', 'null'], description: 'Default: 20.' },
      });
    });

    it('apply when the model sends null', () => {
      expect(call(summary, { period: null, limit: null })).toEqual({ period: 'week', limit: 20 });
      expect(call(summary, { period: 'day', limit: 3 })).toEqual({ period: 'day', limit: 3 });
    });
  });

  describe('of @Args DTO fields', () => {
    it('reach the model in the description when they are literals', () => {
      const properties = report.parameters.properties as Record<string, { description?: string }>;
      expect(properties.period.description).toBe('Report period. Default: week.');
      expect(properties.limit.description).toBe('Default: 20.');
      expect(properties.score.description).toBe('Not a literal: the model is not told it, but it applies.');
    });

    it('keep the field initializer when the model sends null, literal or not', async () => {
      const dto = (await call(report, { period: null, limit: null, score: null, label: null })) as ReportArgs;
      expect(dto).toBeInstanceOf(ReportArgs);
      expect(dto.period).toBe('week');
      expect(dto.limit).toBe(20);
      expect(typeof dto.score).toBe('number');
      expect(Number.isNaN(dto.score)).toBe(false);
      expect(dto.label).toBeUndefined();
    });

    it('are overridden by the values the model sends', async () => {
      const dto = (await call(report, { period: 'month', limit: 5, score: 7, label: 'x' })) as ReportArgs;
      expect(dto).toMatchObject({ period: 'month', limit: 5, score: 7, label: 'x' });
    });
  });
});
