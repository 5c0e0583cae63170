/**
 * The environment variable through which the harness tells workers where the compiled,
 * generated decorated Toolwright module is (kept apart from the adapter so the orchestrator can
 * read it without loading Toolwright).
 */
export const DECORATED_MODULE_ENV = 'TOOLWRIGHT_BENCH_DECORATED_MODULE';
