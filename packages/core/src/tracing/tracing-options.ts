/** The part of an OpenTelemetry `TracerProvider` core uses (kept structural: no type dependency). */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): unknown;
}

/**
 * Tracing options (`new Runner({ tracing })`). Spans follow OpenTelemetry's GenAI semantic
 * conventions and are made with `@opentelemetry/api` only: with no SDK registered nothing is
 * recorded and the cost is one non-recording span per run.
 */
export interface TracingOptions {
  /** `false` turns tracing off for the runner's runs (default true). */
  enabled?: boolean;
  /** Where spans go; default the globally registered provider. */
  tracerProvider?: TracerProviderLike;
  /**
   * Record inputs, outputs, tool arguments and results, and error texts on spans. Default false:
   * they are left out and error texts read `Tool execution failed. Error details are redacted.`
   * The environment variable `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` turns it
   * on when the option is not given.
   */
  includeSensitiveData?: boolean;
  /** Longest recorded text attribute (characters) when sensitive data is on (default 16,384). */
  maxAttributeLength?: number;
}
