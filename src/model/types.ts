/**
 * The shapes the model engine works on: anything with attributes that queries and payloads are
 * checked against, and the lookup that resolves the uids met in attributes.
 */
import type { Attribute, Component, RelationAttribute } from '../schema/index.js';
import type { Json } from '../storage/index.js';

export type { Json };

/**
 * Anything with attributes that queries and payloads are checked against: a content type, the
 * built-in User or Role, or a component.
 */
export interface Model {
  /** `api::article.article`, `plugin::users-permissions.user`, or a component uid `shared.section`. */
  uid: string;
  attributes: Record<string, Attribute>;
  /** Whether rows carry `locale` (localized content types). */
  localized: boolean;
  /** Whether rows have a draft and a published version. */
  draftAndPublish: boolean;
  /** false for components: they have no documentId, timestamps or locale. */
  isComponent: boolean;
}

/**
 * Resolves the uids met in attributes (relation targets, components) to models, as one caller
 * may see them.
 */
export interface ModelLookup {
  /** A relation target (`api::x.x`, users-permissions user/role) or a component uid. */
  model(uid: string): Model | undefined;
  component(uid: string): Component | undefined;
  /**
   * Whether the caller may read documents of the type `uid` (it holds `<uid>.find`). A relation
   * to a type it may not read is left out of every answer and is an unknown key in filters, sort
   * and bodies: Strapi's restricted relations (GHSA-6j89-frxc-q26m). Always true for the system.
   */
  mayRead(uid: string): boolean;
}

/** Fields every document has besides its attributes; filterable and sortable. */
export const SYSTEM_ATTRIBUTES: Record<string, Attribute> = {
  id: { type: 'integer' },
  documentId: { type: 'string' },
  createdAt: { type: 'datetime' },
  updatedAt: { type: 'datetime' },
  publishedAt: { type: 'datetime' },
  locale: { type: 'string' },
};

/** The virtual relation i18n gives every localized type (docs/api/query-parameters.md). */
export const LOCALIZATIONS = 'localizations';

/**
 * `localizations` of a localized type: the document's versions in the other locales, in the status
 * read. It can be populated, filtered and sorted on like a relation, and never written.
 */
export function localizationsAttribute(model: Model): RelationAttribute {
  return { type: 'relation', relation: 'oneToMany', target: model.uid, writable: false };
}
