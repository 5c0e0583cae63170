import type { Adapter } from '../adapters/adapter';
import { collectGarbage, rotate } from '../harness/stats';
import { invalidArgs, toolSpec, typicalArgs } from '../shape/tool-spec';
import { check, fail, failed, record, type SessionResult } from './session-result';

/** Validations per timed repetition. */
export const VALIDATIONS = 100_000;

/**
 * Validation: 100,000 validations of a typical argument object through each framework's own
 * validation path; ns per validation.
 */
export async function validationSession(adapters: Adapter[], reps: number): Promise<SessionResult> {
  const results: SessionResult = {};
  const spec = toolSpec(42);
  const value = typicalArgs(spec, 1);
  const raw = JSON.stringify(value);
  type Validate = (v: never) => boolean | Promise<boolean>;
  const prepared: Array<{ adapter: Adapter; validate: Validate; fromJson: Validate }> = [];
  const loop = async (adapter: Adapter, validate: Validate, input: unknown, n: number) => {
    const run = validate as (v: unknown) => boolean | Promise<boolean>;
    let accepted = 0;
    const t0 = performance.now();
    if (adapter.syncValidation) {
      for (let i = 0; i < n; i++) if (run(input) === true) accepted++;
    } else {
      for (let i = 0; i < n; i++) if ((await run(input)) === true) accepted++;
    }
    const ns = ((performance.now() - t0) * 1e6) / n;
    // Counting acceptances keeps the work observable and proves the object passed every time.
    check(accepted === n, adapter.id, `accepted ${accepted} of ${n} valid objects`);
    return ns;
  };
  for (const adapter of adapters) {
    try {
      const validate = adapter.validator(spec);
      const fromJson = adapter.jsonValidator(spec);
      check((await validate(invalidArgs(spec))) === false, adapter.id, 'the validator accepted limit above its maximum');
      check((await fromJson(JSON.stringify(invalidArgs(spec)))) === false, adapter.id, 'the JSON path accepted limit above its maximum');
      await loop(adapter, validate, value, 20_000);
      await loop(adapter, fromJson, raw, 20_000);
      prepared.push({ adapter, validate, fromJson });
    } catch (error) {
      fail(results, adapter.id, error);
    }
  }
  for (let r = 0; r < reps; r++) {
    for (const p of rotate(prepared, r)) {
      if (failed(results, p.adapter.id)) continue;
      try {
        collectGarbage();
        record(results, p.adapter.id, 'validation_ns', await loop(p.adapter, p.validate, value, VALIDATIONS));
        collectGarbage();
        record(results, p.adapter.id, 'validation_json_ns', await loop(p.adapter, p.fromJson, raw, VALIDATIONS));
      } catch (error) {
        fail(results, p.adapter.id, error);
      }
    }
  }
  return results;
}
