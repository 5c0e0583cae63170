import type { RunEvent, RunResult } from '@toolwright/core';

/** Prints a run's events as a readable timeline, with the time since the run started. */
export class Timeline {
  private readonly started = performance.now();
  private midLine = false;

  constructor(private readonly write: (text: string) => void = (text) => process.stdout.write(text)) {}

  /** Prints one event. */
  print(event: RunEvent): void {
    switch (event.type) {
      case 'model_delta':
        if (!this.midLine) this.write(`${this.stamp()} 🤖 `);
        this.midLine = true;
        this.write(event.delta.replace(/\n/g, `\n${' '.repeat(14)}`));
        return;
      case 'message':
        this.endLine();
        return;
      case 'tool_called':
        this.line(`🔧 ${event.toolName}(${event.arguments})  [${event.callId}]`);
        return;
      case 'tool_progress':
        this.line(`   … ${event.toolName}: ${event.result.text}`);
        return;
      case 'tool_output': {
        const text = event.result.text.split('\n');
        const mark = event.result.isError ? '✗' : '✓';
        this.line(`${mark}  ${event.toolName} done in ${Math.round(event.durationMs)} ms → ${text[0]}`);
        for (const more of text.slice(1)) this.write(`${' '.repeat(19)}${more}\n`);
        return;
      }
      case 'run_completed':
        this.endLine();
        this.line(`🏁 done: ${this.summary(event.result)}`);
        return;
      default:
        this.line(`${event.type}`);
    }
  }

  private summary(result: RunResult): string {
    return `${result.turns} model turns, ${result.newItems.filter((i) => i.type === 'function_call').length} tool calls, ${result.usage.totalTokens} tokens`;
  }

  private line(text: string): void {
    this.endLine();
    this.write(`${this.stamp()} ${text}\n`);
  }

  private endLine(): void {
    if (this.midLine) this.write('\n');
    this.midLine = false;
  }

  private stamp(): string {
    return `[${((performance.now() - this.started) / 1000).toFixed(2).padStart(6)}s]`;
  }
}
