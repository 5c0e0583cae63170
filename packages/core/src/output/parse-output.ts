import type { ArgumentViolation } from '../contracts/argument-violation';
import { errorMessage } from '../errors/error-message';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import { parseToolArguments } from '../arguments/parse-tool-arguments';
import { nestingExceeds } from '../arguments/json-text';
import { formatCount } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { reviveDates } from '../toolkit/date-fields';
import { plainToInstance } from '../toolkit/dto-argument-check';
import type { ResolvedOutput } from './output-type';

/** The outcome of checking one answer: the typed value, or what is wrong with it. @internal */
export type OutputCheck = { ok: true; value: unknown } | { ok: false; violations: ArgumentViolation[] };

/**
 * Parses a model's answer (JSON text) against the output type: bounded like tool arguments
 * (length, nesting depth, `__proto__`/`constructor`/`prototype` keys, non-finite numbers), then
 * validated against exactly the schema sent to the model (the tool arguments' validator), then —
 * for a class — turned into an instance (dates revived, class-transformer) and checked by
 * class-validator for what the schema cannot express. Never throws for anything the model sends.
 * @internal
 */
export function checkOutputText(output: ResolvedOutput, text: string): OutputCheck | Promise<OutputCheck> {
  const raw = unfenced(text);
  if (raw.trim() === '') return refused('is empty; answer with one JSON object that matches the schema');
  const { maxArgumentsLength, maxArgumentDepth } = TOOLWRIGHT_LIMITS;
  if (raw.length > maxArgumentsLength) {
    return refused(`is ${formatCount(raw.length)} characters long; at most ${formatCount(maxArgumentsLength)} are accepted. Answer with a smaller JSON object`);
  }
  if (nestingExceeds(raw, maxArgumentDepth)) {
    return refused(`nests objects and arrays more than ${maxArgumentDepth} levels deep; at most ${maxArgumentDepth} are accepted`);
  }
  let plain: unknown;
  try {
    plain = parseToolArguments({ name: output.format.name, parameters: output.format.schema }, raw);
  } catch (error) {
    if (error instanceof ToolArgumentsError) return { ok: false, violations: error.violations.map(answerWording) };
    return refused(`could not be checked (${errorMessage(error)})`);
  }
  return checkOutputValue(output, plain, true);
}

/**
 * The second half of {@link checkOutputText}, for a value already parsed and checked against the
 * schema (`schemaChecked`), or for a value a tool produced (checked against the schema here).
 * @internal
 */
export function checkOutputValue(output: ResolvedOutput, value: unknown, schemaChecked = false): OutputCheck | Promise<OutputCheck> {
  let plain = value;
  if (!schemaChecked) {
    let text: string;
    try {
      text = typeof value === 'string' ? value : JSON.stringify(value);
    } catch (error) {
      return refused(`cannot be written as JSON (${errorMessage(error)})`);
    }
    if (text === undefined) return refused(`is ${typeof value}, not a JSON object`);
    return checkOutputText(output, text);
  }
  if (output.type === undefined) return { ok: true, value: plain };
  plain = structuredClone(plain);
  if (output.datePaths.length > 0) reviveDates(plain, output.datePaths);
  const build = (): unknown => plainToInstance(output.type as new () => object, plain as object);
  if (output.check === undefined) return { ok: true, value: build() };
  let found: readonly ArgumentViolation[] | Promise<readonly ArgumentViolation[]>;
  try {
    found = output.check(value, { toolName: output.format.name, callId: '' });
  } catch (error) {
    return refused(`could not be checked (${errorMessage(error)})`);
  }
  const verdict = (violations: readonly ArgumentViolation[]): OutputCheck =>
    violations.length === 0 ? { ok: true, value: build() } : { ok: false, violations: [...violations] };
  return found instanceof Promise ? found.then(verdict, (error: unknown) => refused(`could not be checked (${errorMessage(error)})`)) : verdict(found);
}

function refused(message: string): OutputCheck {
  return { ok: false, violations: [{ path: '', message: `the answer ${message}` }] };
}

/** Tool-argument wording at the root ("are ... long", "is not valid JSON") reads as the answer's. */
function answerWording(violation: ArgumentViolation): ArgumentViolation {
  if (violation.path !== '') return violation;
  return { path: '', message: `the answer ${violation.message.replace(/Send the arguments as one JSON object/, 'Answer with one JSON object')}` };
}

/** The JSON inside a Markdown code fence, when the whole answer is one (models without enforced formats add them). */
function unfenced(text: string): string {
  if (typeof text !== 'string') return '';
  const trimmed = text.length < 16 * 1024 * 1024 ? text.trim() : text;
  if (!trimmed.startsWith('```') || !trimmed.endsWith('```') || trimmed.length < 6) return text;
  const firstLine = trimmed.indexOf('\n');
  if (firstLine < 0) return text;
  return trimmed.slice(firstLine + 1, trimmed.length - 3);
}
