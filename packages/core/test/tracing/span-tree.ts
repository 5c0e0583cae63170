import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** A tracer provider recording into memory, for `new Runner({ tracing: { tracerProvider } })`. */
export function memoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, spans: () => exporter.getFinishedSpans() };
}

/** The spans as an indented tree of names (children in start order). */
export function treeOf(spans: readonly ReadableSpan[]): string[] {
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    byParent.set(key, [...(byParent.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    const children = (byParent.get(parent) ?? []).sort((a, b) => compareTime(a.startTime, b.startTime));
    for (const child of children) {
      lines.push(`${'  '.repeat(depth)}${child.name}`);
      walk(child.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

function compareTime(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** The one span named `name`. */
export function spanNamed(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1) throw new Error(`expected one span "${name}", found ${found.length}: ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}
