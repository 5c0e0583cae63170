import type { ErrorObject } from 'ajv';
import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { pointer } from '../schema/json-pointer';
import { isSchemaObject } from '../schema/schema-utils';
import { optionalKeysOf } from '../schema/strict-optional-keys';
import { echo, listSome, prefixOf } from '../limits/bounded-text';

// Lists a message may quote (allowed properties, enum members) show this many entries.
const MAX_LISTED_NAMES = 20;

type Entry = { path: string; error?: ErrorObject; violation?: ArgumentViolation };

const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-05-01T12:00:00Z',
  date: '2024-05-01',
  time: '12:00:00',
  email: 'name@example.com',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  uri: 'https://example.com/path',
  duration: 'P1DT2H',
};

/**
 * Turns ajv's errors into violations a model can act on: one per problem, each with the JSON
 * pointer of the offending value, the expectation, and what was received. The failed branches of
 * an `anyOf` collapse into one line ("must be string or null"), or into the nested problems of
 * the branch that matched the value's type.
 *
 * @internal
 */
export function toViolations(errors: readonly ErrorObject[]): ArgumentViolation[] {
  const entries: Entry[] = [];
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      collapseAlternatives(entries, error);
    } else {
      entries.push({ path: pathOf(error), error });
    }
  }
  const seen = new Set<string>();
  const out: ArgumentViolation[] = [];
  for (const entry of entries) {
    const violation = entry.violation ?? describe(entry.error as ErrorObject);
    const key = `${violation.path}\u0000${violation.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(violation);
    }
  }
  return out;
}

function collapseAlternatives(entries: Entry[], error: ErrorObject): void {
  const at = error.instancePath;
  // ajv reports the branches' errors right before the anyOf error itself.
  const branch: Entry[] = [];
  while (entries.length > 0) {
    const last = entries[entries.length - 1];
    if (last.path !== at && !last.path.startsWith(`${at}/`)) break;
    branch.unshift(entries.pop() as Entry);
  }
  // Errors below the alternatives' own level mean a branch matched the value's type and failed
  // inside it; those are the useful ones.
  const deep = branch.filter((e) => e.path !== at);
  if (deep.length > 0) {
    entries.push(...deep);
    return;
  }
  const expected: string[] = [];
  for (const entry of branch) {
    const e = entry.error;
    if (e?.keyword === 'type') expected.push(...String(e.params.type).split(','));
    else if (e?.keyword === 'enum') expected.push(`one of ${listValues(e.params.allowedValues)}`);
    else if (e?.keyword === 'const') expected.push(jsonText(e.params.allowedValue));
  }
  const unique = [...new Set(expected)];
  const shown = unique.slice(0, MAX_LISTED_NAMES);
  if (unique.length > shown.length) shown.push(`${unique.length - shown.length} other alternatives`);
  const what = shown.length > 0 ? shown.join(' or ') : 'one of the allowed alternatives';
  entries.push({ path: at, violation: { path: at, message: `must be ${what} (got ${received(error.data)})` } });
}

function pathOf(error: ErrorObject): string {
  if (error.keyword === 'required') return pointer(error.instancePath, String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') return pointer(error.instancePath, String(error.params.additionalProperty));
  return error.instancePath;
}

function describe(error: ErrorObject): ArgumentViolation {
  const path = pathOf(error);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const nullable = isSchemaObject(error.parentSchema) && optionalKeysOf(error.parentSchema)?.includes(name);
      return { path, message: nullable ? 'is required; send null if you have no value for it' : 'is required but missing' };
    }
    case 'additionalProperties': {
      const props = isSchemaObject(error.parentSchema) && isSchemaObject(error.parentSchema.properties)
        ? Object.keys(error.parentSchema.properties)
        : [];
      const allowed = props.length > 0 ? `; allowed properties: ${listSome(props, MAX_LISTED_NAMES, (p) => echo(p))}` : '';
      return { path, message: `is not an allowed property${allowed}. Remove it` };
    }
    case 'type':
      return { path, message: `must be ${String(params.type).split(',').join(' or ')} (got ${received(error.data)})` };
    case 'enum':
      return { path, message: `must be one of ${listValues(params.allowedValues)} (got ${received(error.data)})` };
    case 'const':
      return { path, message: `must be ${jsonText(params.allowedValue)} (got ${received(error.data)})` };
    case 'format': {
      const example = FORMAT_EXAMPLES[String(params.format)];
      const hint = example ? `, e.g. "${example}"` : '';
      return { path, message: `must be a valid ${echo(String(params.format))} string${hint} (got ${received(error.data)})` };
    }
    case 'pattern':
      return { path, message: `must match the pattern ${echo(String(params.pattern), 4 * MAX_LISTED_NAMES)} (got ${received(error.data)})` };
    default:
      return { path, message: `${echo(error.message ?? 'is invalid', 4 * MAX_LISTED_NAMES)} (got ${received(error.data)})` };
  }
}

function listValues(values: unknown): string {
  return Array.isArray(values) ? listSome(values, MAX_LISTED_NAMES, jsonText) : echo(String(values));
}

/** A schema value (const, enum member) as short JSON text. */
function jsonText(value: unknown): string {
  return echo(JSON.stringify(value) ?? String(value));
}

function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const text = value.length > 60 ? `${prefixOf(value, 57)}...` : value;
    return JSON.stringify(text);
  }
  return echo(String(value));
}
