/**
 * The library the SQL reader's differential test reads: its content types (YAML, as a project
 * writes them) and a few hundred versions made from a seeded random source, with every kind of
 * value a row may hold — odd ones and values of the wrong kind among them — relations to targets
 * that exist and that do not, components, and the users, roles and files relations point at.
 */
import type { Json } from '../../../src/storage/index.js';

/** The project files of the library's content types. */
export const LIBRARY_FILES: Record<string, string> = {
  'content-types/book.yaml': `kind: collectionType
info: { singularName: book, pluralName: books }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  title: { type: string }
  blurb: { type: text }
  views: { type: integer }
  price: { type: decimal }
  rating: { type: float }
  rank: { type: biginteger }
  available: { type: boolean }
  released: { type: date }
  launchAt: { type: datetime }
  opensAt: { type: time }
  meta: { type: json }
  body: { type: blocks }
  kind: { type: enumeration, enum: [novel, essay, poem] }
  slug: { type: uid }
  secret: { type: string, private: true }
  quiet: { type: string, searchable: false }
  author: { type: relation, relation: manyToOne, target: api::author.author, inversedBy: books }
  tags: { type: relation, relation: manyToMany, target: api::tag.tag }
  cover: { type: media }
  owner: { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
  fans: { type: relation, relation: manyToMany, target: plugin::users-permissions.user, mappedBy: favorites }
  sections: { type: component, repeatable: true, component: shared.section }
  seo: { type: component, repeatable: false, component: shared.seo }
`,
  'content-types/author.yaml': `kind: collectionType
info: { singularName: author, pluralName: authors }
options: { draftAndPublish: false }
attributes:
  name: { type: string }
  born: { type: date }
  books: { type: relation, relation: oneToMany, target: api::book.book, mappedBy: author }
  mentor: { type: relation, relation: manyToOne, target: api::author.author }
`,
  'content-types/tag.yaml': `kind: collectionType
info: { singularName: tag, pluralName: tags }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  label: { type: string }
  weight: { type: integer }
`,
  'content-types/components/shared/section.yaml': `info: { displayName: Section }
attributes:
  heading: { type: string }
  order: { type: integer }
  tag: { type: relation, relation: manyToOne, target: api::tag.tag }
`,
  'content-types/components/shared/seo.yaml': `info: { displayName: Seo }
attributes:
  metaTitle: { type: string }
  score: { type: float }
`,
  'content-types/users-permissions/user.yaml': `attributes:
  favorites: { type: relation, relation: manyToMany, target: api::book.book, inversedBy: fans }
`,
};

export const LOCALES = ['en', 'fr', 'de'];
export const DEFAULT_LOCALE = 'en';

/** A stored version: its key and its row. */
export interface Version {
  type: 'book' | 'author' | 'tag';
  documentId: string;
  status: 'draft' | 'published';
  /** The locale code, or null for a type without locales. */
  locale: string | null;
  row: Record<string, Json>;
}

/** A deterministic source of numbers in [0, 1) (a linear congruential generator). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const chance = (p: number) => next() < p;
  return { next, pick, chance, int: (below: number) => Math.floor(next() * below) };
}
export type Random = ReturnType<typeof seeded>;

/** Texts with what LIKE and case mapping trip on: %, _, \, case, accents, final sigma, İ, ß, emoji, full-width forms. */
export const STRINGS: readonly string[] = [
  'Alpha', 'alpha', 'ALPHA', 'beta', 'Beta', '', ' ', '100%', '50_50', 'back\\slash', 'a%b', 'a_b', 'Ünïcödé', 'éclair', 'Éclair',
  'ΣΊΣΥΦΟΣ', 'σίσυφος', 'ΟΔΟΣ', 'İstanbul', 'straße', 'STRASSE', '日本語', '😀 smile', 'ｆｕｌｌ', '\uFF01bang', '\u{1F600}x', 'zeta', 'Zeta',
  'a', 'ab', 'abc', '5', '10', '9', 'null', 'true', 'tab\there', 'line\nbreak', 'Ǆemal', 'ǅ', 'ﬁne', 'x\u{10FFFF}', '\uE000pua',
];
const NUMBERS: readonly Json[] = [0, 1, 2, 5, 10, 10, -3, 2.5, 1e21, 1e-7, 123456789, 0.1, 0.30000000000000004, 42, 7, '5', ' 7 ', '1e3', 'abc', true, -0.5, 9007199254740993];
const BIGINTS: readonly Json[] = ['0', '1', '-5', '9007199254740993', '12345678901234567890', '12345678901234567891', '+7', '007', 5, 1.5, 1e20, 'x', '-0'];
const BOOLEANS: readonly Json[] = [true, false, 'true', 't', '1', 'false', 'f', '0', 1, 0, 'yes', 2];
const DATES: readonly Json[] = ['2024-01-01', '2024-01-01T10:00:00Z', '1999-12-31', '2024-02-29', 'not a date', '2024-13-45', '0001-01-01', '2024-1-1', 20240101];
export const DATETIMES: readonly Json[] = [
  '2024-01-01T10:00:00.000Z', '2024-01-01T10:00:00.000Z', '2024-01-01T10:00:00Z', '2024-01-01T12:00:00+02:00', '2024-01-01 10:00', '2024-01-01',
  '2024-01-01T10:00:00.5', '2024-01-01T10:00:00.123456Z', '2023-12-31T23:59:59.999-05:00', '2024-01-01T24:00', '2024-01-01T10:00+0530',
  '2024-01-01T10:00+05', 1704103200000, 1704103200000.7, '1704103200000', '-1', 'not a date', '2024-02-30T10:00', '9999-12-31T23:59-05:00',
  '0000-01-01T00:00+05:00', '2024-01-01t10:00z', '0005-12-31Z', '2030-06-15T08:30:00.000Z', '1970-01-01T00:00:00.000Z',
];
const TIMES: readonly Json[] = ['10:00', '10:00:00', '10:00:00.5', '23:59:59.999', '24:00', '09:05:07.12', 'x', '9:00', '00:00'];
const JSONS: readonly Json[] = [{}, [], 'str', 1, { a: 1 }, [1, 2], false];

/** A value of `pool`, or now and then null, a missing key or a value of another kind. */
function valueFrom(random: Random, pool: readonly Json[]): Json | undefined {
  if (random.chance(0.08)) return null;
  if (random.chance(0.06)) return undefined;
  if (random.chance(0.05)) return random.pick([...STRINGS, ...NUMBERS, true]);
  return random.pick(pool);
}

/** A blocks value whose text leaves hold texts of STRINGS (some deeper than others). */
function blocks(random: Random): Json {
  const text = (): Json => ({ type: 'text', text: random.pick(STRINGS) });
  const paragraph = (): Json => ({ type: 'paragraph', children: [text(), ...(random.chance(0.3) ? [text()] : [])] });
  if (random.chance(0.1)) return { type: 'list', children: [{ type: 'list-item', children: [paragraph()] }] };
  return Array.from({ length: 1 + random.int(2) }, paragraph);
}

/** A relation value: ids that exist and that do not, in the shapes a stored value may have. */
function relationValue(random: Random, ids: readonly string[], many: boolean): Json | undefined {
  const one = () => (random.chance(0.15) ? `missing-${random.int(3)}` : random.pick(ids));
  if (random.chance(0.1)) return null;
  if (random.chance(0.05)) return undefined;
  if (!many) return random.chance(0.04) ? 5 : one();
  if (random.chance(0.1)) return one(); // a to-many holding a single documentId
  return Array.from({ length: random.int(4) }, one);
}

/** Numeric ids of a table's rows (and one that no row has). */
function tableValue(random: Random, count: number, many: boolean): Json | undefined {
  const one = () => (random.chance(0.1) ? 99 : 1 + random.int(count));
  if (random.chance(0.15)) return null;
  if (random.chance(0.05)) return random.pick(['1', 1.5]);
  return many ? Array.from({ length: random.int(3) }, one) : one();
}

/** A component value: entries (some not objects), a single entry, or none. */
function sections(random: Random, tagIds: readonly string[], nextComponentId: () => number): Json | undefined {
  const entry = (): Json => {
    if (random.chance(0.05)) return random.pick<Json>([5, null, 'x']);
    const value: Record<string, Json> = { id: nextComponentId() };
    const heading = valueFrom(random, STRINGS);
    if (heading !== undefined) value.heading = heading;
    const order = valueFrom(random, NUMBERS);
    if (order !== undefined) value.order = order;
    const tag = relationValue(random, tagIds, false);
    if (tag !== undefined) value.tag = tag;
    return value;
  };
  if (random.chance(0.1)) return null;
  if (random.chance(0.05)) return undefined;
  if (random.chance(0.05)) return entry();
  return Array.from({ length: random.int(4) }, entry);
}

/** Sets `row[name]` unless the value is missing. */
function set(row: Record<string, Json>, name: string, value: Json | undefined): void {
  if (value !== undefined) row[name] = value;
}

export interface Library {
  versions: Version[];
  users: Array<Record<string, Json>>;
  roles: Array<Record<string, Json>>;
  files: Array<Record<string, Json>>;
}

/** Which versions a document has: statuses (published only for a type without draft & publish) and locales. */
function versionKeys(random: Random, draftAndPublish: boolean, localized: boolean): Array<['draft' | 'published', string | null]> {
  const locales = localized ? LOCALES.filter((locale, index) => index === 0 ? random.chance(0.9) : random.chance(0.4)) : [null];
  const statuses: Array<'draft' | 'published'> = draftAndPublish ? (random.chance(0.1) ? ['published'] : random.chance(0.5) ? ['draft', 'published'] : ['draft']) : ['published'];
  return locales.flatMap((locale) => statuses.map((status) => [status, locale] as ['draft' | 'published', string | null]));
}

/**
 * The library: authors, tags and books (every version with a type-wide unique id, in id order),
 * three roles, six users and five files.
 * @example const { versions } = makeLibrary(7);
 */
export function makeLibrary(seed: number): Library {
  const random = seeded(seed);
  let componentId = 1;
  const nextComponentId = () => componentId++;
  const documentIds = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(3, '0')}`);
  const authorIds = documentIds('au', 30);
  const tagIds = documentIds('tg', 25);
  const bookIds = documentIds('bk', 110);
  const versions: Version[] = [];
  const stamp = () => random.pick(DATETIMES.filter((value) => typeof value === 'string')) as string;

  const make = (type: Version['type'], ids: readonly string[], draftAndPublish: boolean, localized: boolean, fill: (row: Record<string, Json>) => void) => {
    let id = 1;
    const made: Version[] = [];
    for (const documentId of ids) {
      for (const [status, locale] of versionKeys(random, draftAndPublish, localized)) {
        const row: Record<string, Json> = { id: 0, documentId, locale, createdAt: stamp(), updatedAt: stamp(), publishedAt: status === 'draft' ? null : stamp() };
        fill(row);
        made.push({ type, documentId, status, locale, row });
      }
    }
    // Ids in a shuffled order of creation: a list without sort answers in it, whatever the documentIds.
    for (const version of [...made].sort(() => random.next() - 0.5)) version.row.id = id++;
    versions.push(...made.sort((a, b) => (a.row.id as number) - (b.row.id as number)));
  };

  make('author', authorIds, false, false, (row) => {
    set(row, 'name', valueFrom(random, STRINGS));
    set(row, 'born', valueFrom(random, DATES));
    set(row, 'mentor', relationValue(random, authorIds, false));
  });
  make('tag', tagIds, true, true, (row) => {
    set(row, 'label', valueFrom(random, STRINGS));
    set(row, 'weight', valueFrom(random, NUMBERS));
  });
  make('book', bookIds, true, true, (row) => {
    set(row, 'title', valueFrom(random, STRINGS));
    set(row, 'blurb', valueFrom(random, STRINGS));
    set(row, 'views', valueFrom(random, NUMBERS));
    set(row, 'price', valueFrom(random, NUMBERS));
    set(row, 'rating', valueFrom(random, NUMBERS));
    set(row, 'rank', valueFrom(random, BIGINTS));
    set(row, 'available', valueFrom(random, BOOLEANS));
    set(row, 'released', valueFrom(random, DATES));
    set(row, 'launchAt', valueFrom(random, DATETIMES));
    set(row, 'opensAt', valueFrom(random, TIMES));
    set(row, 'meta', valueFrom(random, JSONS));
    set(row, 'body', random.chance(0.8) ? blocks(random) : valueFrom(random, JSONS));
    set(row, 'kind', valueFrom(random, ['novel', 'essay', 'poem', 'Novel']));
    set(row, 'slug', valueFrom(random, STRINGS));
    set(row, 'secret', valueFrom(random, STRINGS));
    set(row, 'quiet', valueFrom(random, STRINGS));
    set(row, 'author', relationValue(random, authorIds, false));
    set(row, 'tags', relationValue(random, tagIds, true));
    set(row, 'cover', tableValue(random, 5, false));
    set(row, 'owner', tableValue(random, 6, false));
    set(row, 'sections', sections(random, tagIds, nextComponentId));
    set(row, 'seo', random.chance(0.7) ? { id: nextComponentId(), metaTitle: random.pick(STRINGS), score: random.pick(NUMBERS) } : valueFrom(random, JSONS));
  });

  const roles = ['Public', 'Authenticated', 'Editor'].map((name, index) => ({ id: index + 1, documentId: `role${index}`, name, type: name.toLowerCase() }));
  const users = Array.from({ length: 6 }, (_, index) => ({
    id: index + 1,
    documentId: `user${index}`,
    username: random.pick(STRINGS),
    email: `user${index}@example.com`,
    confirmed: random.chance(0.5),
    blocked: false,
    role: 1 + random.int(3),
    // What the inverse side from a book compares: the book version's numeric id (see the report).
    favorites: Array.from({ length: random.int(4) }, () => (random.chance(0.5) ? random.pick(bookIds) : 1 + random.int(120))),
  }));
  const files = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, name: random.pick(STRINGS), mime: random.pick(['image/png', 'video/mp4']), size: random.pick(NUMBERS) }));
  return { versions, users, roles, files };
}
