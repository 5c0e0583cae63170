import { cloneJson, refName, type Definitions, type SchemaNode } from './json-schema-utils';

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Merges the `allOf` typescript-json-schema writes for an intersection of object types
 * (`Named & Aged`, a class and an interface, ...) into one object schema: properties of every
 * member, `required` joined. A property two members declare differently becomes the `allOf` of
 * both, which is merged the same way when both are objects — and which core's strict rewrite
 * refuses with the field's path when the two have no value in common (`name: string` and
 * `name: number`). A primitive intersected with object types (a branded type,
 * `string & { __brand: 'Id' }`) is the primitive: the brand exists only for the compiler.
 * Everywhere in a schema, definitions included, in place.
 */
export function mergeIntersections(value: unknown, definitions: Definitions, depth = 0): void {
  if (depth > 64 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) mergeIntersections(item, definitions, depth + 1);
    return;
  }
  const node = value as SchemaNode;
  if (Array.isArray(node.allOf) && node.allOf.length > 0) mergeOne(node, definitions);
  for (const child of Object.values(node)) mergeIntersections(child, definitions, depth + 1);
}

function mergeOne(node: SchemaNode, definitions: Definitions): void {
  const members = (node.allOf as SchemaNode[]).map((member) => resolve(member, definitions));
  if (members.some((member) => member === undefined || member.anyOf !== undefined || member.oneOf !== undefined || member.allOf !== undefined)) return;
  const known = members as SchemaNode[];
  const primitives = known.filter((member) => typeof member.type === 'string' && PRIMITIVES.has(member.type));
  const objects = known.filter(isObjectSchema);
  if (primitives.length === 1 && objects.length === known.length - 1) {
    delete node.allOf;
    Object.assign(node, cloneJson(primitives[0]), pick(node));
    return;
  }
  if (objects.length !== known.length || objects.some((member) => member.additionalProperties !== undefined && member.additionalProperties !== false)) return;
  const properties: Record<string, SchemaNode> = {};
  const required: string[] = [];
  let closed = false;
  for (const member of objects) {
    for (const [name, schema] of Object.entries(member.properties ?? {})) {
      const copy = cloneJson(schema);
      const existing = properties[name];
      properties[name] = existing === undefined || JSON.stringify(existing) === JSON.stringify(copy) ? copy : { allOf: [existing, copy] };
    }
    for (const name of member.required ?? []) if (!required.includes(name)) required.push(name);
    if (member.additionalProperties === false) closed = true;
  }
  delete node.allOf;
  node.type = 'object';
  node.properties = properties;
  node.required = required;
  if (closed) node.additionalProperties = false;
}

function resolve(member: SchemaNode, definitions: Definitions): SchemaNode | undefined {
  const name = refName(member.$ref);
  if (name === undefined) return member;
  const definition = definitions[name];
  return definition !== undefined && Object.keys(member).length === 1 ? definition : undefined;
}

function isObjectSchema(node: SchemaNode): boolean {
  return node.type === 'object' || (node.type === undefined && node.properties !== undefined);
}

/** The annotations written on the intersection itself (they win over the members'). */
function pick(node: SchemaNode): SchemaNode {
  const out: SchemaNode = {};
  for (const key of ['description', 'title'] as const) if (node[key] !== undefined) out[key] = node[key];
  return out;
}
