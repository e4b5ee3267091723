/** Small models, rows and helpers shared by the query tests. */
import type { Attribute, Component } from '../../../src/schema/index.js';
import type { Model, ModelLookup } from '../../../src/model/index.js';
import {
  parseContentQuery,
  parseQueryString,
  type ContentQuery,
  type EvalContext,
  type RestQueryOptions,
} from '../../../src/model/index.js';

function model(uid: string, attributes: Record<string, Attribute>, extra: Partial<Model> = {}): Model {
  return { uid, attributes, localized: false, draftAndPublish: true, isComponent: false, ...extra };
}

function component(uid: string, attributes: Record<string, Attribute>): Component {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, displayName: name, attributes, file: `content-types/components/${category}/${name}.yaml` };
}

export const section = component('shared.section', {
  heading: { type: 'string' },
  order: { type: 'integer' },
  note: { type: 'string', private: true },
});

export const quote = component('shared.quote', {
  text: { type: 'text' },
  by: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
});

export const seo = component('shared.seo', {
  metaTitle: { type: 'string' },
});

export const category = model('api::category.category', {
  name: { type: 'string' },
  internalNote: { type: 'string', private: true },
  articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'category' },
});

export const tag = model('api::tag.tag', { label: { type: 'string' } });

export const role = model(
  'plugin::users-permissions.role',
  {
    name: { type: 'string' },
    description: { type: 'string' },
    type: { type: 'string' },
    users: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.user', mappedBy: 'role' },
  },
  { draftAndPublish: false },
);

export const user = model(
  'plugin::users-permissions.user',
  {
    username: { type: 'string' },
    email: { type: 'email' },
    provider: { type: 'string' },
    password: { type: 'password', private: true },
    resetPasswordToken: { type: 'string', private: true },
    confirmationToken: { type: 'string', private: true },
    confirmed: { type: 'boolean' },
    blocked: { type: 'boolean' },
    role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'users' },
  },
  { draftAndPublish: false },
);

export const article = model(
  'api::article.article',
  {
    title: { type: 'string' },
    body: { type: 'richtext' },
    slug: { type: 'uid', targetField: 'title' },
    kind: { type: 'enumeration', enum: ['news', 'blog'] },
    views: { type: 'integer' },
    price: { type: 'decimal' },
    rank: { type: 'biginteger' },
    published: { type: 'boolean' },
    day: { type: 'date' },
    startsAt: { type: 'time' },
    secret: { type: 'string', private: true },
    password: { type: 'password' },
    hidden: { type: 'string', searchable: false },
    meta: { type: 'json' },
    content: { type: 'blocks' },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', inversedBy: 'articles' },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    author: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' },
    internalTags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', private: true },
    sections: { type: 'component', component: 'shared.section', repeatable: true },
    seo: { type: 'component', component: 'shared.seo', repeatable: false },
    blocks: { type: 'dynamiczone', components: ['shared.section', 'shared.quote'] },
  },
  { localized: true },
);

const models = new Map([article, category, tag, user, role].map((m) => [m.uid, m]));
const components = new Map([section, quote, seo].map((c) => [c.uid, c]));

export const lookup: ModelLookup = {
  model: (uid) => models.get(uid),
  component: (uid) => components.get(uid),
  mayRead: () => true,
};

/** The same models as a caller who may read every type but those in `unreadable` sees them. */
export function lookupWithout(...unreadable: string[]): ModelLookup {
  return { ...lookup, mayRead: (uid) => !unreadable.includes(uid) };
}

export const REST: RestQueryOptions = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false };
export const STRICT: RestQueryOptions = { ...REST, strictParams: true };

/** Parses a query string for the article model, as the content routes will. */
export function query(search: string, options: RestQueryOptions = REST, on: Model = article): ContentQuery {
  return parseContentQuery(parseQueryString(search), on, lookup, options);
}

type Row = Record<string, unknown>;

/**
 * A tiny in-memory store: relations hold documentIds (users by numeric id), as the service keeps
 * them, and `related` resolves them.
 */
export function store(tables: Record<string, Row[]>): EvalContext {
  return {
    lookup,
    related(owner, attribute, row) {
      const definition = owner.attributes[attribute];
      if (definition?.type !== 'relation') return [];
      const rows = tables[definition.target] ?? [];
      const value = row[attribute];
      const refs = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      return refs.flatMap((ref) => rows.filter((candidate) => candidate.documentId === ref || candidate.id === ref));
    },
  };
}
