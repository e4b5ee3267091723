/**
 * The names Strapi's GraphQL plugin gives what a project declares, so that a front end's queries
 * run unchanged: `api::article.article` is `Article`, queried as `article`, `articles` and
 * `articles_connection`; the component `shared.section` is `ComponentSharedSection`.
 */
import { FILE_UID, type ContentType } from '../schema/index.js';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';

/** `blog-post` → `blogPost`, `shared.hero_banner` → `sharedHeroBanner`. */
export function camelCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  return words.map((word, index) => (index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : upperFirst(word))).join('');
}

export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The object type of a content type, or of the User, Role and media file. */
export function typeNameOf(uid: string, singularName?: string): string {
  if (uid === USER_UID) return 'UsersPermissionsUser';
  if (uid === ROLE_UID) return 'UsersPermissionsRole';
  if (uid === FILE_UID) return 'UploadFile';
  return upperFirst(camelCase(singularName ?? uid.split('.').pop()!));
}

const contentTypeName = (type: ContentType): string => typeNameOf(type.uid, type.singularName);

/** `shared.section` → `ComponentSharedSection`. */
export const componentTypeName = (uid: string): string => upperFirst(camelCase(`component_${uid}`));

/** `article`, `articles`, `articles_connection`, `createArticle`, … */
export const queryNames = (type: ContentType) => {
  const one = camelCase(type.singularName);
  const many = camelCase(type.pluralName);
  const Type = contentTypeName(type);
  return { one, many, connection: `${many}_connection`, create: `create${Type}`, update: `update${Type}`, remove: `delete${Type}` };
};

/** `ENUM_ARTICLE_CATEGORY`: the enum of an enumeration attribute, unless it names its own. */
export const enumTypeName = (ownerTypeName: string, attribute: string, enumName?: string): string => enumName ?? `ENUM_${ownerTypeName.toUpperCase()}_${attribute.toUpperCase()}`;

/**
 * The name of an enum value in the schema: its words joined by `_`, letters kept as written
 * (`Big news` → `Big_news`), accents dropped; a value that would start with a digit gets a `_`.
 * The value itself is what is stored and answered.
 */
export function enumValueName(value: string): string {
  const name = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') return '_';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/**
 * The names of an enumeration's values, each as enumValueName makes it; two values that come out
 * alike (`big news` and `big-news`) are told apart by a count (`big_news`, `big_news_2`), so
 * that no value is lost from the schema.
 * @example enumValues(['big news', 'big-news']) // { big_news: { value: 'big news' }, big_news_2: { value: 'big-news' } }
 */
export function enumValues(values: readonly string[]): Record<string, { value: string }> {
  const out: Record<string, { value: string }> = {};
  for (const value of values) {
    const base = enumValueName(value);
    let name = base;
    for (let count = 2; Object.hasOwn(out, name); count++) name = `${base}_${count}`;
    out[name] = { value };
  }
  return out;
}

/** `ArticleSectionsDynamicZone`: the union of a dynamic zone's components. */
export const dynamicZoneName = (ownerTypeName: string, attribute: string): string => `${ownerTypeName}${upperFirst(camelCase(attribute))}DynamicZone`;
