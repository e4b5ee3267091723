/** What a Strapi 5 export holds, as far as foliocms reads it: uids, schemas and rows. */

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const LOCALE_UID = 'plugin::i18n.locale';
export const FILE_UID = 'plugin::upload.file';

/** A line of `schemas/`: a content type's or component's `schema.json`, with Strapi's own keys added. */
export interface StrapiSchema {
  uid: string;
  modelType: 'contentType' | 'component';
  kind?: 'collectionType' | 'singleType';
  info: { singularName?: string; pluralName?: string; displayName?: string; description?: string; icon?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes: Record<string, Record<string, unknown>>;
}

/** A row of `entities/`: its id and its columns (components and dynamic zones inline). */
export interface StrapiRow {
  id: number;
  documentId?: string;
  [column: string]: unknown;
}
