/**
 * A small JSON Schema checker for the payload schemas (payloadSchemas.ts): `type`, `properties`,
 * `required`, `additionalProperties` (true or false), `enum`, `const` and `items` — the keywords those
 * schemas use, and nothing else (a schema with other keywords is checked on these only).
 */
import type { JsonSchema } from './payloadSchemas.js';

/** Every place `value` breaks `schema`, as `<JSON path>: <what is wrong>`; empty when it conforms. */
export function validateAgainstSchema(value: unknown, schema: JsonSchema, path = '$'): string[] {
  const errors: string[] = [];
  if ('const' in schema && JSON.stringify(value) !== JSON.stringify(schema['const']))
    errors.push(`${path}: expected ${JSON.stringify(schema['const'])}, got ${JSON.stringify(value)}`);
  const allowed = schema['enum'];
  if (Array.isArray(allowed) && !allowed.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    errors.push(`${path}: expected one of ${JSON.stringify(allowed)}, got ${JSON.stringify(value)}`);
  }
  const type = schema['type'];
  if (typeof type === 'string' && !hasType(value, type)) {
    errors.push(`${path}: expected ${type}, got ${describe(value)}`);
    return errors;
  }
  if (isRecord(value)) {
    const properties = isRecord(schema['properties']) ? schema['properties'] : {};
    for (const name of Array.isArray(schema['required']) ? schema['required'] : []) {
      if (typeof name === 'string' && !(name in value)) errors.push(`${path}: missing required field "${name}"`);
    }
    for (const [name, inner] of Object.entries(value)) {
      const property = properties[name];
      if (isRecord(property)) errors.push(...validateAgainstSchema(inner, property, `${path}.${name}`));
      else if (schema['additionalProperties'] === false) errors.push(`${path}: field "${name}" is not in the schema`);
    }
  }
  if (Array.isArray(value) && isRecord(schema['items']))
    value.forEach((item, index) =>
      errors.push(...validateAgainstSchema(item, schema['items'] as JsonSchema, `${path}[${index}]`)),
    );
  return errors;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'object') return isRecord(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'null') return value === null;
  return typeof value === type;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}
