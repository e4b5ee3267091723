/**
 * The loaded `Schemas` object with its lookups, and the localization rule.
 */
import type { Attribute, Component, ContentType, Schemas } from './types.js';

export function assembleSchemas(
  contentTypes: readonly ContentType[],
  components: ReadonlyMap<string, Component>,
  userAttributes: Record<string, Attribute>,
): Schemas {
  const sorted = [...contentTypes].sort((a, b) => (a.singularName < b.singularName ? -1 : a.singularName > b.singularName ? 1 : 0));
  const bySingular = new Map(sorted.map((contentType) => [contentType.singularName, contentType]));
  const byPlural = new Map(sorted.map((contentType) => [contentType.pluralName, contentType]));
  const byUid = new Map(sorted.map((contentType) => [contentType.uid, contentType]));
  return {
    contentTypes: sorted,
    components: new Map([...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    userAttributes,
    bySingular: (name) => bySingular.get(name),
    byPlural: (name) => byPlural.get(name),
    byUid: (uid) => byUid.get(uid),
  };
}

/**
 * Whether an attribute has one value per locale: only when its type is localized and the
 * attribute itself says `pluginOptions.i18n.localized: true`. Everything else is shared by the
 * locales of a document and kept in sync.
 *
 * @example
 * const article = schemas.bySingular('article')!;
 * isLocalizedAttribute(article, article.attributes.title!); // true
 * isLocalizedAttribute(article, article.attributes.views!); // false
 */
export function isLocalizedAttribute(owner: Pick<ContentType, 'localized'>, attribute: Attribute): boolean {
  return owner.localized && attribute.pluginOptions?.i18n?.localized === true;
}

/**
 * Whether an attribute has a value of its own in each locale version of a document: a localized
 * one, or a `uid` (a slug made from a localized title), whatever its plugin options say.
 * @example isPerLocaleAttribute(article, article.attributes.slug!); // true
 */
export function isPerLocaleAttribute(owner: Pick<ContentType, 'localized'>, attribute: Attribute): boolean {
  return isLocalizedAttribute(owner, attribute) || attribute.type === 'uid';
}

/**
 * Whether an attribute of a localized type has one value for every locale version of a document:
 * every one that is not per locale (see isPerLocaleAttribute), whatever its type (scalars, media,
 * relations, components, dynamic zones). A write in one locale reaches the other locales' drafts,
 * a new locale version starts with them, and publishing one locale carries them to the others'
 * published versions.
 *
 * @example
 * isSharedAttribute(article, article.attributes.cover!); // true
 * isSharedAttribute(article, article.attributes.title!); // false (localized)
 * isSharedAttribute(article, article.attributes.slug!);  // false (a uid)
 */
export function isSharedAttribute(owner: Pick<ContentType, 'localized'>, attribute: Attribute): boolean {
  return owner.localized && !isPerLocaleAttribute(owner, attribute);
}
