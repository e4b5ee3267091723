/**
 * Naming rules shared by content types, components and attributes.
 */
import { describe, fail } from './problem.js';

/** Singular and plural names, component categories and names: they become URL segments and file names. */
export const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

/** Attribute names become JSON keys, query parameters (`filters[title]`) and, in Strapi, column names. */
export const ATTRIBUTE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Fields every document carries (Strapi v5 entry format, plus the i18n plugin's `locale` and
 * `localizations` and the admin's `createdBy`/`updatedBy`), and `status`, a query parameter and
 * virtual sort key. An attribute with one of these names would be shadowed in responses.
 */
export const SYSTEM_FIELDS: readonly string[] = [
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  'status',
];

/** Fields of the built-in User that `user.yaml` may not redefine. */
export const BUILT_IN_USER_FIELDS: readonly string[] = [
  'username',
  'email',
  'provider',
  'password',
  'resetPasswordToken',
  'confirmationToken',
  'confirmed',
  'blocked',
  'role',
];

/**
 * Names whose routes the server already serves (`/api/users`, `/api/auth/…`,
 * `/api/users-permissions/…`, `/api/i18n/locales`, `/api/connect/…`, `/api/upload`), so a content
 * type may not take them as its singular or plural name.
 */
export const RESERVED_NAMES: readonly string[] = ['users', 'auth', 'users-permissions', 'i18n', 'connect', 'upload', 'admin'];

/** Checks a singular/plural/category/component name and returns it. */
export function checkName(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') fail(key, 'is required');
  if (typeof value !== 'string') fail(key, `must be a string, got ${describe(value)}`);
  if (!NAME_PATTERN.test(value)) {
    fail(key, `${describe(value)} must be kebab-case: lowercase letters, digits and "-", starting with a letter`);
  }
  return value;
}

export function checkContentTypeName(key: string, value: unknown): string {
  const name = checkName(key, value);
  if (RESERVED_NAMES.includes(name)) fail(key, `${describe(name)} is reserved for a built-in route`);
  return name;
}

export function checkAttributeName(key: string, name: string): void {
  if (!ATTRIBUTE_NAME_PATTERN.test(name)) {
    fail(key, 'is not a valid attribute name: use letters, digits and "_", starting with a letter');
  }
  if (SYSTEM_FIELDS.includes(name)) fail(key, 'is a system field of every document; choose another name');
}

/** `blog-post` → `Blog Post`: Strapi's displayName when a file leaves it out. */
export function displayNameFrom(name: string): string {
  return name
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** Component uid `<category>.<name>`, both parts following NAME_PATTERN. */
export const COMPONENT_UID_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
