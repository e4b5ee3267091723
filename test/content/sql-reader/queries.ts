/**
 * Strapi-style query params for the SQL reader's differential test: written out by hand for
 * every operator and node kind, and made at random (trees of `$and`, `$or` and `$not` over
 * fields, relations and components; sorts through them; windows; `_q`), for parseContentQuery.
 */
import { DATETIMES, STRINGS, type Random } from './fixture.js';

type Params = Record<string, unknown>;

/** The attributes a random filter names on each model: name → what it is. */
const FIELDS: Record<string, Record<string, string>> = {
  book: {
    id: 'number', documentId: 'string', title: 'string', blurb: 'string', views: 'number', price: 'number', rating: 'number', rank: 'biginteger',
    available: 'boolean', released: 'date', launchAt: 'datetime', opensAt: 'time', meta: 'json', body: 'json', kind: 'string', slug: 'string',
    quiet: 'string', createdAt: 'datetime', publishedAt: 'datetime', locale: 'string',
    author: 'author', tags: 'tag', owner: 'user', cover: 'file', fans: 'user', sections: 'section', seo: 'seo', localizations: 'book',
  },
  author: { id: 'number', name: 'string', born: 'date', books: 'book', mentor: 'author', updatedAt: 'datetime' },
  tag: { id: 'number', label: 'string', weight: 'number', locale: 'string', localizations: 'tag' },
  section: { id: 'number', heading: 'string', order: 'number', tag: 'tag' },
  seo: { metaTitle: 'string', score: 'number' },
  user: { id: 'number', username: 'string', email: 'string', confirmed: 'boolean', role: 'role', favorites: 'book' },
  role: { id: 'number', name: 'string', type: 'string' },
  file: { id: 'number', name: 'string', mime: 'string', size: 'number' },
};

const SCALARS = new Set(['string', 'number', 'biginteger', 'boolean', 'date', 'datetime', 'time', 'json']);
const TEXT_OPERATORS = ['$eqi', '$nei', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$contains', '$notContains', '$containsi', '$notContainsi'];
const COMPARE_OPERATORS = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'];

/** A value a field of `kind` takes in a filter (parseContentQuery refuses those it cannot cast). */
function valueOf(random: Random, kind: string): unknown {
  if (random.chance(0.05)) return null;
  switch (kind) {
    case 'string':
      return random.pick([...STRINGS, 'A', 'Z', 'm', 'é', 'ALP', 'ph', 'ſ', 'bk010', 'au003']);
    case 'number':
      return random.pick([0, 1, 2, 5, 7, 10, -3, 2.5, 1e21, 0.1, 42, '5', '1e3', 100, 3]);
    case 'biginteger':
      return random.pick(['0', '1', '-5', '9007199254740993', '12345678901234567890', '7', 5]);
    case 'boolean':
      return random.pick([true, false, 'true', 'f', '1', '0']);
    case 'date':
      return random.pick(['2024-01-01', '1999-12-31', '2024-02-29', '0001-01-01', '2024-06-01']);
    case 'datetime':
      return random.pick([...DATETIMES.filter((value) => typeof value === 'string' && value !== 'not a date' && !value.startsWith('0005')), '2024-01-01T11:00:00.000Z']);
    case 'time':
      return random.pick(['10:00', '10:00:00', '23:59:59.999', '00:00', '09:05:07.12', '12:00']);
    default:
      return 'x';
  }
}

/** One operator with a value, for a scalar field of `kind`. */
function condition(random: Random, kind: string): unknown {
  if (kind === 'json' || random.chance(0.08)) return { [random.pick(['$null', '$notNull'])]: random.pick([true, false, 'true', 'false']) };
  const roll = random.next();
  if (roll < 0.1) return valueOf(random, kind); // a bare value: $eq
  if (roll < 0.3 && kind === 'string') return { [random.pick(TEXT_OPERATORS)]: valueOf(random, 'string') };
  if (roll < 0.35) return { [random.pick(TEXT_OPERATORS)]: random.pick(['1', '0', 'e', 't', '2024', 'tru']) };
  if (roll < 0.5) return { [random.pick(['$in', '$notIn'])]: Array.from({ length: random.int(4) }, () => valueOf(random, kind)) };
  if (roll < 0.58) return { $between: [valueOf(random, kind), valueOf(random, kind)] };
  if (roll < 0.62) return { $not: condition(random, kind) };
  if (roll < 0.65) return { [random.pick(COMPARE_OPERATORS)]: [valueOf(random, kind), valueOf(random, kind)] }; // a list: OR
  return { [random.pick(COMPARE_OPERATORS)]: valueOf(random, kind) };
}

/**
 * A random where object on `model`, `depth` levels of nesting left.
 * @example randomWhere(random, 'book', 3) // { $or: [{ title: { $containsi: 'alp' } }, { author: { name: { $null: true } } }] }
 */
export function randomWhere(random: Random, model: string, depth: number): Params {
  const fields = FIELDS[model]!;
  const roll = random.next();
  if (depth > 0 && roll < 0.15) {
    return { [random.pick(['$and', '$or'])]: Array.from({ length: 1 + random.int(3) }, () => randomWhere(random, model, depth - 1)) };
  }
  if (depth > 0 && roll < 0.22) return { $not: randomWhere(random, model, depth - 1) };
  const name = random.pick(Object.keys(fields));
  const what = fields[name]!;
  if (SCALARS.has(what)) return { [name]: condition(random, what) };
  if (depth === 0 || random.chance(0.2)) {
    // On the relation or component itself: its id.
    return { [name]: random.pick<unknown>([{ $null: random.pick([true, false]) }, { $notNull: true }, 1 + random.int(40), { id: { $lt: 1 + random.int(60) } }, [1, 2, 3]]) };
  }
  return { [name]: randomWhere(random, what, depth - 1) };
}

/** The paths a random sort takes, per model. */
const SORTS: Record<string, string[]> = {
  book: [
    'title', 'views', 'price', 'rating', 'rank', 'available', 'released', 'launchAt', 'opensAt', 'meta', 'kind', 'id', 'documentId', 'createdAt',
    'publishedAt', 'locale', 'author.name', 'author.born', 'author.mentor.name', 'tags.label', 'tags.weight', 'sections.heading', 'sections.order',
    'sections.tag.label', 'seo.score', 'seo.metaTitle', 'owner.username', 'owner.role.name', 'cover.size', 'fans.username', 'localizations.title',
    'author.books.views',
  ],
  author: ['name', 'born', 'mentor.name', 'books.title', 'books.views', 'id', 'updatedAt'],
  tag: ['label', 'weight', 'locale', 'localizations.label', 'id'],
};

/** A random sort of 0 to 3 keys, as `sort` takes them: `a:desc,b`, an array, or an object. */
export function randomSort(random: Random, model: string): unknown {
  const keys = Array.from({ length: random.int(4) }, () => `${random.pick(SORTS[model]!)}${random.pick(['', ':asc', ':desc', ':DESC'])}`);
  return random.chance(0.5) ? keys.join(',') : keys;
}

/** Random query params on `model`: filters, sort, `_q`, window, status and locale. */
export function randomParams(random: Random, model: string): Params {
  const params: Params = {};
  if (random.chance(0.85)) params.filters = randomWhere(random, model, 3);
  if (random.chance(0.7)) params.sort = randomSort(random, model);
  if (random.chance(0.15)) params._q = random.pick(['alpha', 'ÉCLAIR', '5', '1e21', 'σ', '%', '_', '\\', '😀', 'zz', '10', 'bk01', '0.1', 'ss', 'İ', '-3']);
  params.pagination = random.chance(0.5)
    ? { page: 1 + random.int(3), pageSize: random.pick([1, 5, 10, 25, 100]), withCount: random.chance(0.7) }
    : { start: random.int(30), limit: random.pick([1, 3, 10, 50, 100]), withCount: random.chance(0.7) };
  params.status = random.pick(['published', 'draft']);
  const locale = random.pick([undefined, 'en', 'fr', 'de', '*']);
  if (locale !== undefined) params.locale = locale;
  return params;
}

/** Written out: every operator, on every kind, and every node kind, once at least. */
export const HAND_WRITTEN: ReadonlyArray<[model: string, params: Params]> = [
  ['book', { filters: { title: { $eq: 'Alpha' } } }],
  ['book', { filters: { title: { $ne: 'Alpha' } } }],
  ['book', { filters: { title: { $eq: null } } }],
  ['book', { filters: { title: { $ne: null } } }],
  ['book', { filters: { title: { $eqi: 'alpha' } } }],
  ['book', { filters: { title: { $nei: 'ALPHA' } } }],
  ['book', { filters: { title: { $eqi: 'straße' } } }],
  ['book', { filters: { title: { $containsi: 'σ' } } }],
  ['book', { filters: { title: { $endsWithi: 'ς' } } }],
  ['book', { filters: { title: { $containsi: 'i̇' } } }],
  ['book', { filters: { title: { $contains: '%' } } }],
  ['book', { filters: { title: { $contains: '_' } } }],
  ['book', { filters: { title: { $contains: '\\' } } }],
  ['book', { filters: { title: { $startsWith: 'a' } } }],
  ['book', { filters: { title: { $startsWithi: 'A' } } }],
  ['book', { filters: { title: { $endsWith: 'a' } } }],
  ['book', { filters: { title: { $notContains: 'a' } } }],
  ['book', { filters: { title: { $notContainsi: 'A' } } }],
  ['book', { filters: { title: { $contains: '' } } }],
  ['book', { filters: { title: { $contains: 'a\u0000b' } } }],
  ['book', { filters: { title: { $lt: 'a\u0000b' } } }],
  ['book', { filters: { title: { $gte: 'a\u0000b' } } }],
  ['book', { filters: { title: { $in: ['a\u0000', 'Alpha'] } } }],
  ['book', { filters: { title: { $notIn: ['a\u0000'] } } }],
  ['book', { filters: { title: { $eq: 'x\u0000' } } }],
  ['book', { filters: { title: { $lt: '\uFF01' } }, sort: 'title' }],
  ['book', { filters: { title: { $gt: '\u{1F600}' } }, sort: 'title:desc' }],
  ['book', { filters: { views: { $gt: 5 } }, sort: 'views:desc' }],
  ['book', { filters: { views: { $gte: '5' } } }],
  ['book', { filters: { views: { $lt: 1e21 } } }],
  ['book', { filters: { views: { $lte: 0 } } }],
  ['book', { filters: { views: { $between: [2, 10] } } }],
  ['book', { filters: { views: { $between: [10, 2] } } }],
  ['book', { filters: { views: { $in: [] } } }],
  ['book', { filters: { views: { $notIn: [] } } }],
  ['book', { filters: { views: { $in: [5, null] } } }],
  ['book', { filters: { views: { $notIn: [5, null] } } }],
  ['book', { filters: { views: { $notIn: [5, 10] } } }],
  ['book', { filters: { $not: { views: { $in: [5, null] } } } }],
  ['book', { filters: { views: { $contains: '1' } } }],
  ['book', { filters: { views: { $containsi: 'e+' } } }],
  ['book', { filters: { views: { $eq: [5, 10] } } }],
  ['book', { filters: { views: { $null: true } } }],
  ['book', { filters: { views: { $notNull: true } } }],
  ['book', { filters: { price: { $gt: 0.1 } } }],
  ['book', { filters: { rank: { $gt: '9007199254740992' } }, sort: 'rank' }],
  ['book', { filters: { rank: { $eq: '12345678901234567890' } } }],
  ['book', { filters: { available: true } }],
  ['book', { filters: { available: { $ne: false } } }],
  ['book', { filters: { released: { $gte: '2024-01-01' } }, sort: 'released' }],
  ['book', { filters: { launchAt: { $lt: '2024-01-01T10:30:00.000Z' } }, sort: 'launchAt:desc' }],
  ['book', { filters: { launchAt: { $eq: '2024-01-01T10:00:00Z' } } }],
  ['book', { filters: { opensAt: { $between: ['09:00', '12:00'] } }, sort: 'opensAt' }],
  ['book', { filters: { meta: { $null: true } } }],
  ['book', { filters: { body: { $notNull: true } } }],
  ['book', { filters: { $and: [{ views: { $gt: 1 } }, { title: { $containsi: 'a' } }] } }],
  ['book', { filters: { $or: [{ views: { $gt: 1 } }, { title: { $null: true } }] } }],
  ['book', { filters: { $not: { title: { $eq: 'Alpha' } } } }],
  ['book', { filters: { title: { $not: { $containsi: 'a' } } } }],
  ['book', { filters: { author: { name: { $eq: 'Alpha' } } } }],
  ['book', { filters: { author: { name: { $null: true } } } }],
  ['book', { filters: { $not: { author: { name: { $null: true } } } } }],
  ['book', { filters: { author: { $null: true } } }],
  ['book', { filters: { author: 3 } }],
  ['book', { filters: { tags: { label: { $containsi: 'a' } } } }],
  ['book', { filters: { $and: [{ tags: { label: 'Alpha' } }, { tags: { label: 'beta' } }] } }],
  ['book', { filters: { $not: { tags: { label: { $eq: 'Alpha' } } } } }],
  ['book', { filters: { tags: { $not: { label: { $eq: 'Alpha' } } } } }],
  ['book', { filters: { owner: { username: { $containsi: 'a' } } } }],
  ['book', { filters: { owner: { role: { name: 'Editor' } } } }],
  ['book', { filters: { cover: { mime: { $startsWith: 'image/' } } } }],
  ['book', { filters: { fans: { username: { $notNull: true } } } }],
  ['book', { filters: { localizations: { title: { $containsi: 'a' } } } }],
  ['book', { filters: { sections: { heading: { $containsi: 'a' } } } }],
  ['book', { filters: { sections: { heading: { $null: true } } } }],
  ['book', { filters: { $not: { sections: { order: { $gt: 2 } } } } }],
  ['book', { filters: { sections: { tag: { label: { $notNull: true } } } } }],
  ['book', { filters: { seo: { score: { $gt: 1 } } } }],
  ['author', { filters: { books: { views: { $gt: 5 } } } }],
  ['author', { filters: { books: { title: { $null: true } } } }],
  ['author', { filters: { mentor: { mentor: { name: { $notNull: true } } } } }],
  ['tag', { filters: { localizations: { label: { $null: true } } }, locale: 'fr' }],
  ['book', { sort: 'author.name:desc,title' }],
  ['book', { sort: 'tags.label' }],
  ['book', { sort: ['sections.heading:desc', 'seo.score'] }],
  ['book', { sort: 'fans.username,owner.role.name:desc' }],
  ['book', { sort: 'localizations.title', locale: '*' }],
  ['author', { sort: 'books.views:desc' }],
  ['book', { _q: 'alpha' }],
  ['book', { _q: '5' }],
  ['book', { _q: 'ΣΊΣ' }],
  ['book', { _q: 'bk01' }],
  ['book', { _q: 'a\u0000' }],
  ['book', { locale: '*', sort: 'title' }],
  ['book', { status: 'draft', locale: 'fr', filters: { tags: { weight: { $gt: 2 } } } }],
  ['author', { status: 'draft', filters: { books: { title: { $notNull: true } } } }],
  ['book', { pagination: { page: 2, pageSize: 7 } }],
  ['book', { pagination: { start: 500, limit: 10 } }],
  ['book', { pagination: { start: 3, limit: 4, withCount: false } }],
];
