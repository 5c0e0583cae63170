import type * as otel from '@opentelemetry/api';

type OtelApi = typeof otel;
let api: OtelApi | null | undefined;

/** `@opentelemetry/api` when installed (an optional peer), else null. */
function otelApi(): OtelApi | null {
  if (api === undefined) {
    try {
      api = require('@opentelemetry/api') as OtelApi;
    } catch {
      api = null;
    }
  }
  return api;
}

/**
 * The active trace context as W3C headers (`traceparent`, `tracestate`), for a job's data, or
 * undefined when nothing is traced. @internal
 */
export function currentTraceContext(): Record<string, string> | undefined {
  const o = otelApi();
  if (!o) return undefined;
  const carrier: Record<string, string> = {};
  o.propagation.inject(o.context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/**
 * Runs `work` inside a `toolwright.queue.job` span whose parent is the trace context of the job's
 * data, so the run's own spans (core's tracing) join the trace of the request that enqueued it.
 * Without `@opentelemetry/api` it just runs `work`. @internal
 */
export async function withJobSpan<T>(trace: Record<string, string> | undefined, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T> {
  const o = otelApi();
  if (!o) return work();
  const parent = trace ? o.propagation.extract(o.context.active(), trace) : o.context.active();
  const span = o.trace.getTracer('@toolwright/bullmq').startSpan('toolwright.queue.job', { kind: o.SpanKind.CONSUMER, attributes }, parent);
  try {
    return await o.context.with(o.trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: o.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
