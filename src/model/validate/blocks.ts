/**
 * `blocks` values: Strapi's rich-text document, an array of block nodes (paragraph, heading, quote,
 * code, list, image) whose `children` are inline nodes (text, link). The node set follows Strapi's
 * blocks editor; anything else is refused with the path of the offending field, because a renderer
 * meeting an unknown node would drop or break it. Unlike Strapi, unknown fields on a node are
 * refused too, so a typo (`bolld: true`) does not pass silently.
 */
import { isPlainObject } from '../../objects.js';
import { formatPath, invalidKey, isPrototypeKey } from './issues.js';
import { copyJson } from './json.js';
import { validationMessages as m } from './messages.js';
import type { Context } from './context.js';
import type { Json } from '../types.js';

type JsonObject = { [key: string]: Json };
/** Checks one field and returns its copy, or undefined after recording why it failed. */
type Check = (value: unknown, path: string[], ctx: Context) => Json | undefined;
type Fields = Record<string, { required: boolean; check: Check }>;

const BLOCK_TYPES = ['paragraph', 'heading', 'quote', 'code', 'list', 'image'] as const;
const INLINE_TYPES = ['text', 'link'] as const;
const LIST_CHILD_TYPES = ['list-item', 'list'] as const;
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
const LIST_FORMATS = ['ordered', 'unordered'] as const;
/** Script-running schemes: a link is rendered as `<a href>`, so these would be XSS. */
const BLOCKED_PROTOCOLS = new Set(['javascript:', 'vbscript:', 'data:']);

/** The copied block array, or undefined after recording the problems. */
export function validateBlocks(value: unknown, path: string[], ctx: Context): Json[] | undefined {
  return nodes(value, path, ctx, 0, blockNode) as Json[] | undefined;
}

function blockNode(value: unknown, path: string[], ctx: Context): Json | undefined {
  switch (nodeType(value, path, ctx, BLOCK_TYPES)) {
    case 'paragraph':
    case 'quote':
      return element(value, path, ctx, { children: { required: true, check: inlineChildren(1) } });
    case 'heading':
      return element(value, path, ctx, {
        level: { required: true, check: oneOf(HEADING_LEVELS) },
        children: { required: true, check: inlineChildren(1) },
      });
    case 'code':
      return element(value, path, ctx, {
        language: { required: false, check: nullableString },
        children: { required: true, check: (v, p, c) => nodes(v, p, c, 1, textNode) },
      });
    case 'list':
      return listNode(value, path, ctx);
    case 'image':
      return element(value, path, ctx, {
        image: { required: true, check: image },
        children: { required: true, check: inlineChildren(0) },
      });
    default:
      return undefined;
  }
}

function listNode(value: unknown, path: string[], ctx: Context): Json | undefined {
  return element(value, path, ctx, {
    format: { required: true, check: oneOf(LIST_FORMATS) },
    // Nesting depth of a list inside a list, written by Strapi's editor.
    indentLevel: { required: false, check: nonNegativeInteger },
    children: {
      required: true,
      check: (v, p, c) =>
        nodes(v, p, c, 1, (child, childPath) => {
          switch (nodeType(child, childPath, c, LIST_CHILD_TYPES)) {
            case 'list':
              return listNode(child, childPath, c);
            case 'list-item':
              return element(child, childPath, c, { children: { required: true, check: inlineChildren(0) } });
            default:
              return undefined;
          }
        }),
    },
  });
}

function inlineChildren(min: number): Check {
  return (value, path, ctx) =>
    nodes(value, path, ctx, min, (child, childPath) => {
      switch (nodeType(child, childPath, ctx, INLINE_TYPES)) {
        case 'text':
          return textNode(child, childPath, ctx);
        case 'link':
          return element(child, childPath, ctx, {
            url: { required: true, check: link },
            children: { required: true, check: (v, p, c) => nodes(v, p, c, 0, textNode) },
          });
        default:
          return undefined;
      }
    });
}

function textNode(value: unknown, path: string[], ctx: Context): Json | undefined {
  if (nodeType(value, path, ctx, ['text']) === undefined) return undefined;
  return element(value, path, ctx, {
    text: { required: true, check: string },
    bold: { required: false, check: boolean },
    italic: { required: false, check: boolean },
    underline: { required: false, check: boolean },
    strikethrough: { required: false, check: boolean },
    code: { required: false, check: boolean },
  });
}

// --- node helpers ------------------------------------------------------------------------------

/** The node's `type` when it is an object with one of `types`; records the problem otherwise. */
function nodeType<T extends string>(value: unknown, path: string[], ctx: Context, types: readonly T[]): T | undefined {
  if (!isPlainObject(value)) {
    ctx.issues.add(path, m.type(formatPath(path), 'object', value), value);
    return undefined;
  }
  const type = value.type;
  if (typeof type === 'string' && (types as readonly string[]).includes(type)) return type as T;
  ctx.issues.add([...path, 'type'], m.oneOf(formatPath([...path, 'type']), types), type);
  return undefined;
}

/** Copies `type` and the listed fields of a node whose type is already known, refusing any other field. */
function element(value: unknown, path: string[], ctx: Context, fields: Fields): JsonObject | undefined {
  const node = value as Record<string, unknown>;
  const type = String(node.type);
  const before = ctx.issues.count;
  const out: JsonObject = { type };
  for (const key of Object.keys(node)) {
    if (isPrototypeKey(key)) throw invalidKey([...path, key]);
    if (key !== 'type' && !Object.hasOwn(fields, key)) ctx.issues.add([...path, key], m.blockKey(formatPath(path), key, type), node[key]);
  }
  for (const [key, field] of Object.entries(fields)) {
    const fieldPath = [...path, key];
    if (!Object.hasOwn(node, key) || node[key] === undefined) {
      if (field.required) ctx.issues.add(fieldPath, m.requiredField(formatPath(fieldPath)));
      continue;
    }
    const copy = field.check(node[key], fieldPath, ctx);
    if (copy !== undefined) out[key] = copy;
  }
  return ctx.issues.count > before ? undefined : out;
}

function nodes(value: unknown, path: string[], ctx: Context, min: number, each: Check): Json[] | undefined {
  if (!Array.isArray(value)) {
    ctx.issues.add(path, m.type(formatPath(path), 'array', value), value);
    return undefined;
  }
  const before = ctx.issues.count;
  if (value.length < min) ctx.issues.add(path, m.blockChildren(formatPath(path)), value);
  const out = value.map((item, index) => each(item, [...path, String(index)], ctx));
  return ctx.issues.count > before ? undefined : (out as Json[]);
}

// --- field checks ------------------------------------------------------------------------------

const string: Check = (value, path, ctx) => {
  if (typeof value === 'string') return value;
  ctx.issues.add(path, m.type(formatPath(path), 'string', value), value);
  return undefined;
};

const nullableString: Check = (value, path, ctx) => (value === null ? null : string(value, path, ctx));

const boolean: Check = (value, path, ctx) => {
  if (typeof value === 'boolean') return value;
  ctx.issues.add(path, m.type(formatPath(path), 'boolean', value), value);
  return undefined;
};

const nonNegativeInteger: Check = (value, path, ctx) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const where = formatPath(path);
  const message = typeof value !== 'number' ? m.type(where, 'number', value) : Number.isSafeInteger(value) ? m.min(where, 0) : m.integer(where);
  ctx.issues.add(path, message, value);
  return undefined;
};

function oneOf(values: readonly (string | number)[]): Check {
  return (value, path, ctx) => {
    if ((typeof value === 'string' || typeof value === 'number') && values.includes(value)) return value;
    ctx.issues.add(path, m.oneOf(formatPath(path), values), value);
    return undefined;
  };
}

/** Absolute URLs (but no script schemes) and site paths such as `/about`. */
const link: Check = (value, path, ctx) => {
  if (typeof value !== 'string') return string(value, path, ctx);
  let valid = false;
  try {
    valid = !BLOCKED_PROTOCOLS.has(new URL(value.startsWith('/') ? `https://example.invalid${value}` : value).protocol);
  } catch {
    valid = false;
  }
  if (valid) return value;
  ctx.issues.add(path, m.blockLink(formatPath(path)), value);
  return undefined;
};

/** The uploaded file an image block shows: kept as Strapi's media object, of which only `url` is needed to render. */
const image: Check = (value, path, ctx) => {
  if (!isPlainObject(value)) {
    ctx.issues.add(path, m.type(formatPath(path), 'object', value), value);
    return undefined;
  }
  const urlPath = [...path, 'url'];
  const url = value.url === undefined ? ctx.issues.add(urlPath, m.requiredField(formatPath(urlPath))) : string(value.url, urlPath, ctx);
  const copy = copyJson(value, { path, scope: '' }, ctx);
  return url === undefined ? undefined : copy;
};
