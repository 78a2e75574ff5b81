import type { SettingDef, SettingsField } from '@waymark/protocol';
import { z } from 'zod';

/**
 * A settings form made from its settings object's zod schema, through the schema's JSON Schema
 * (zod's own `toJSONSchema`): a boolean is a checkbox, a choice a select, a number a number input
 * with its bounds, a string a text input (a long one a text area), a list of strings one a line,
 * a list of choices checkboxes, a nested object a group, and a list of records JSON text. The
 * server reads the posted form back with the same description and checks it with the schema.
 */

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
}

const MULTILINE_FROM = 300;

/** `camelCase` and `snake_case` names in words: `minSecondsToSubmit` → "Min seconds to submit". */
export function labelOf(name: string): string {
  const words = name
    .replace(/^lightbox_/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isNumberType = (schema: JsonSchema) => schema.type === 'number' || schema.type === 'integer';

/** No default and not required: unset is a value of its own, shown as an empty choice. */
function fieldFor(name: string, schema: JsonSchema, value: unknown, optional = false): SettingsField {
  const label = labelOf(name.split('.').pop() ?? name);
  if (schema.type === 'boolean' && optional) {
    return {
      kind: 'select',
      name,
      label,
      value: value === undefined ? '' : String(value),
      options: ['true', 'false'],
      optional,
    };
  }
  if (schema.type === 'boolean') return { kind: 'boolean', name, label, value: value === true };
  if (schema.enum) return { kind: 'select', name, label, value: String(value), options: schema.enum.map(String) };
  if (schema.anyOf) {
    const constants = schema.anyOf.filter((part) => part.const !== undefined).map((part) => String(part.const));
    if (constants.length === schema.anyOf.length)
      return { kind: 'select', name, label, value: String(value), options: constants };
    // A name or a number (the lightbox's speed): a text input that takes either.
    const options = schema.anyOf.flatMap((part) => (part.enum ?? []).map(String));
    return { kind: 'text', name, label, value: String(value), multiline: false, options };
  }
  if (isNumberType(schema)) {
    return {
      kind: 'number',
      name,
      label,
      value: value === undefined ? '' : String(value),
      optional,
      min: schema.minimum,
      max: schema.maximum,
      integer: schema.type === 'integer',
    };
  }
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    const list = Array.isArray(value) ? value : [];
    if (items.enum) return { kind: 'choices', name, label, value: list.map(String), options: items.enum.map(String) };
    if (items.type === 'string') return { kind: 'lines', name, label, value: list.join('\n') };
    return { kind: 'json', name, label, value: JSON.stringify(list, null, 2) };
  }
  if (schema.type === 'object' && schema.properties) {
    const record = (value ?? {}) as Record<string, unknown>;
    return {
      kind: 'group',
      name,
      label,
      fields: propertyFields(schema, record, `${name}.`),
    };
  }
  const maxLength = schema.maxLength;
  return {
    kind: 'text',
    name,
    label,
    value: typeof value === 'string' ? value : String(value ?? ''),
    maxLength,
    multiline: (maxLength ?? 0) >= MULTILINE_FROM && schema.pattern === undefined,
    pattern: schema.pattern,
  };
}

const schemaCache = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(def: SettingDef): JsonSchema {
  let schema = schemaCache.get(def.schema);
  if (!schema) {
    // `input`: fields with defaults are optional, as a stored object may leave them out.
    schema = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemaCache.set(def.schema, schema);
  }
  return schema;
}

/** The form of a settings object, filled with `value` (the stored object or what was posted). */
export function settingsFields(def: SettingDef, value: Record<string, unknown>): SettingsField[] {
  const schema = jsonSchemaOf(def);
  return propertyFields(schema, value, '');
}

function propertyFields(schema: JsonSchema, value: Record<string, unknown>, prefix: string): SettingsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, part]) =>
    fieldFor(`${prefix}${key}`, part, value[key], !required.has(key) && part.default === undefined),
  );
}

/**
 * Reads a posted form back into an object for the schema to check, each field by its kind: an
 * absent checkbox is false, a number field a number (or its text when it is none, so the schema
 * names the field), lines a list, JSON text its value. Fields the form does not have are left
 * out, never taken from the post.
 */
export function readSettingsForm(def: SettingDef, fields: Record<string, unknown>): Record<string, unknown> {
  return readFields(settingsFields(def, {}), fields);
}

function readFields(form: SettingsField[], posted: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of form) {
    const key = field.name.split('.').pop() ?? field.name;
    const value = readField(field, posted);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

const text = (value: unknown): string => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
};

function readField(field: SettingsField, posted: Record<string, unknown>): unknown {
  const raw = posted[field.name];
  switch (field.kind) {
    case 'boolean':
      return raw !== undefined;
    case 'select': {
      const value = text(raw);
      if (field.optional && value === '') return undefined;
      if (field.optional && (value === 'true' || value === 'false')) return value === 'true';
      return /^-?\d+(\.\d+)?$/.test(value) && field.options.every((o) => /^-?\d+(\.\d+)?$/.test(o))
        ? Number(value)
        : value;
    }
    case 'number':
      return field.optional && text(raw).trim() === '' ? undefined : asNumber(text(raw));
    case 'text': {
      const value = text(raw);
      return field.options && /^\d+$/.test(value.trim()) ? Number(value) : value;
    }
    case 'lines':
      return text(raw)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    case 'choices':
      return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v) => typeof v === 'string');
    case 'json':
      try {
        return JSON.parse(text(raw)) as unknown;
      } catch {
        return text(raw);
      }
    case 'group':
      return readFields(field.fields, posted);
  }
}

function asNumber(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
}

/** The schema's complaints by form field name (`captcha.signIn`), the first per field. */
export function settingsErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.filter((part) => typeof part === 'string').join('.') || 'form';
    errors[name] ??= issue.message;
  }
  return errors;
}
