/**
 * One file's checks: a content type, a component or the User extension, each from the plain
 * value its YAML parsed to. Nothing here looks at other files; see `references.ts` for that.
 */
import { checkTargetFields, parseAttribute, parsePluginOptions, type AttributeOwner } from './attributes.js';
import { BUILT_IN_USER_FIELDS, checkAttributeName, checkContentTypeName, displayNameFrom } from './names.js';
import { describe, fail, isMapping, join } from './problem.js';
import { closest, didYouMean } from './hint.js';
import type { Attribute, Component, ContentType, ContentTypeKind } from './types.js';
import { checkKnownKeys, compact, given, optionalBoolean, optionalMapping, optionalString } from './values.js';

/**
 * Top-level keys of Strapi's content-type `schema.json`. `$schema`, `collectionName` (a SQL
 * table name) and `options.populateCreatorFields`/`options.comment` are accepted and ignored,
 * so a file copied from a Strapi project loads as is.
 */
const CONTENT_TYPE_KEYS = ['$schema', 'kind', 'collectionName', 'info', 'options', 'pluginOptions', 'attributes'];
const CONTENT_TYPE_INFO_KEYS = ['singularName', 'pluralName', 'displayName', 'description', 'icon'];
const CONTENT_TYPE_OPTION_KEYS = ['draftAndPublish', 'populateCreatorFields', 'comment'];
const KINDS: readonly ContentTypeKind[] = ['collectionType', 'singleType'];

/** Strapi's component `schema.json`: no `kind`, and its uid comes from the file's place. */
const COMPONENT_KEYS = ['$schema', 'collectionName', 'info', 'options', 'pluginOptions', 'attributes'];
const COMPONENT_INFO_KEYS = ['displayName', 'description', 'icon'];

function checkDocument(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined) fail(undefined, 'is empty');
  if (!isMapping(raw)) fail(undefined, `must be a mapping (Strapi's schema.json written as YAML), got ${describe(raw)}`);
  return raw;
}

function parseKind(value: unknown): ContentTypeKind {
  if (!given(value)) fail('kind', 'is required: collectionType or singleType');
  if (typeof value !== 'string' || !(KINDS as readonly string[]).includes(value)) {
    const hint = typeof value === 'string' ? didYouMean(value, KINDS) : '';
    fail('kind', `${describe(value)} is not a known kind${hint || '; use collectionType or singleType'}`);
  }
  return value as ContentTypeKind;
}

function parseDisplayName(info: Record<string, unknown>, fallback: string): string {
  const displayName = optionalString(info.displayName, 'info.displayName');
  return displayName === undefined || displayName.trim() === '' ? displayNameFrom(fallback) : displayName;
}

function parseAttributes(value: unknown, owner: AttributeOwner, check?: (key: string, name: string) => void): Record<string, Attribute> {
  if (!given(value)) fail('attributes', 'is required (write attributes: {} for a type without fields)');
  if (!isMapping(value)) fail('attributes', `must be a mapping of attribute names to attributes, got ${describe(value)}`);
  const attributes: Record<string, Attribute> = {};
  for (const [name, raw] of Object.entries(value)) {
    const key = join('attributes', name);
    checkAttributeName(key, name);
    check?.(key, name);
    attributes[name] = parseAttribute(raw, key, owner);
  }
  return attributes;
}

/**
 * A content type. `fileName` is the file's base name (`article.yaml`): its stem must equal
 * `info.singularName`, so the file a user opens is always the type they think it is.
 */
export function parseContentType(raw: unknown, file: string, fileName?: string): ContentType {
  const document = checkDocument(raw);
  checkKnownKeys(document, '', CONTENT_TYPE_KEYS);
  optionalString(document.$schema, '$schema');
  optionalString(document.collectionName, 'collectionName');
  const kind = parseKind(document.kind);

  if (!given(document.info)) fail('info', 'is required: { singularName, pluralName, displayName }');
  const info = optionalMapping(document.info, 'info')!;
  checkKnownKeys(info, 'info', CONTENT_TYPE_INFO_KEYS);
  const singularName = checkContentTypeName('info.singularName', info.singularName);
  if (fileName !== undefined) {
    const stem = fileName.replace(/\.[^.]+$/, '');
    const extension = fileName.slice(stem.length);
    if (stem !== singularName) {
      fail('info.singularName', `${describe(singularName)} does not match the file name; rename the file to ${singularName}${extension}`);
    }
  }
  const pluralName = checkContentTypeName('info.pluralName', info.pluralName);
  if (kind === 'collectionType' && pluralName === singularName) {
    fail('info.pluralName', `${describe(pluralName)} must differ from info.singularName for a collection type`);
  }
  const displayName = parseDisplayName(info, singularName);
  const description = optionalString(info.description, 'info.description');
  optionalString(info.icon, 'info.icon');

  const options = optionalMapping(document.options, 'options') ?? {};
  checkKnownKeys(options, 'options', CONTENT_TYPE_OPTION_KEYS);
  const draftAndPublish = optionalBoolean(options.draftAndPublish, 'options.draftAndPublish') ?? false;
  optionalBoolean(options.populateCreatorFields, 'options.populateCreatorFields');
  optionalString(options.comment, 'options.comment');

  const pluginOptions = parsePluginOptions(document.pluginOptions, 'pluginOptions');
  const localized = pluginOptions?.i18n?.localized ?? false;

  const attributes = parseAttributes(document.attributes, 'contentType');
  checkTargetFields(attributes, 'attributes');

  return compact({
    uid: `api::${singularName}.${singularName}`,
    kind,
    singularName,
    pluralName,
    displayName,
    description: description === '' ? undefined : description,
    draftAndPublish,
    localized,
    attributes,
    file,
  });
}

/** A component at `content-types/components/<category>/<name>.yaml`; the caller checked both names. */
export function parseComponent(raw: unknown, file: string, category: string, name: string): Component {
  const document = checkDocument(raw);
  checkKnownKeys(document, '', COMPONENT_KEYS);
  optionalString(document.$schema, '$schema');
  optionalString(document.collectionName, 'collectionName');
  const info = optionalMapping(document.info, 'info') ?? {};
  checkKnownKeys(info, 'info', COMPONENT_INFO_KEYS);
  const displayName = parseDisplayName(info, name);
  const description = optionalString(info.description, 'info.description');
  optionalString(info.icon, 'info.icon');
  checkKnownKeys(optionalMapping(document.options, 'options') ?? {}, 'options', []);
  parsePluginOptions(document.pluginOptions, 'pluginOptions');

  const attributes = parseAttributes(document.attributes, 'component');
  checkTargetFields(attributes, 'attributes');
  return compact({
    uid: `${category}.${name}`,
    category,
    name,
    displayName,
    description: description === '' ? undefined : description,
    attributes,
    file,
  });
}

/**
 * `content-types/users-permissions/user.yaml`: only `attributes` is read (CONTRACT), so the rest
 * of a Strapi user schema may stay in the file. Built-in fields may not be redefined.
 */
export function parseUserAttributes(raw: unknown): Record<string, Attribute> {
  const document = checkDocument(raw);
  if (!given(document.attributes)) {
    const typo = Object.keys(document).find((key) => closest(key, ['attributes']));
    fail('attributes', typo ? `is required (is "${typo}" a typo?)` : 'is required: list the extra attributes of the User');
  }
  const attributes = parseAttributes(document.attributes, 'user', (key, name) => {
    if (BUILT_IN_USER_FIELDS.includes(name)) fail(key, 'is a built-in User field; list only extra attributes');
  });
  checkTargetFields(attributes, 'attributes', ['username', 'email']);
  return attributes;
}
