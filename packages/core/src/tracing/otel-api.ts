/** The OpenTelemetry API module, as core uses it. @internal */
export type OtelApi = typeof import('@opentelemetry/api');

let loaded: { api: OtelApi | undefined } | undefined;

/**
 * `@opentelemetry/api`, loaded on the first run that may trace (an optional peer dependency:
 * without it installed no SDK can be registered either, so tracing is simply off). The outcome
 * is remembered, so a missing package costs one failed `require` per process. @internal
 */
export function otelApi(): OtelApi | undefined {
  if (!loaded) {
    try {
      loaded = { api: require('@opentelemetry/api') as OtelApi };
    } catch {
      loaded = { api: undefined };
    }
  }
  return loaded.api;
}
