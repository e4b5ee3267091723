/**
 * Strapi's rows as foliocms stores them: a content type's row becomes one version of a document
 * (status from `publishedAt`, components and dynamic zones inline with their ids, relations from
 * `links/` on their owning side as documentIds, media as file ids); users, roles, permissions,
 * locales and files become rows of their tables. Strapi's numeric ids are kept.
 */
import { NO_LOCALE } from '../content/index.js';
import type { Attribute, Component, ContentType, Schemas } from '../schema/index.js';
import type { Json, StoredDocument } from '../storage/index.js';
import { linkKey, type ArchiveIndex } from './scan.js';
import { FILE_UID, PERMISSION_UID, ROLE_UID, USER_UID, type StrapiRow } from './strapi.js';

type Entry = Record<string, Json>;

/** What was dropped on the way, counted for the summary. */
export interface Dropped {
  /** Relations to rows the archive does not hold (a plugin's, or deleted). */
  danglingRelations: number;
}

const isToMany = (relation: string) => relation === 'oneToMany' || relation === 'manyToMany';
const asJson = (value: unknown): Json => (value === undefined ? null : (value as Json));

/** Builds rows from an archive's index and the schemas its content types loaded as. */
export function rowBuilder(index: ArchiveIndex, schemas: Schemas) {
  const dropped: Dropped = { danglingRelations: 0 };

  /** A relation's stored value, from the links of (owner type, owner id, field). */
  function relationValue(owner: string, id: number, name: string, attribute: Extract<Attribute, { type: 'relation' }>): Json {
    const refs: Json[] = [];
    for (const target of index.links.get(linkKey(owner, id, name)) ?? []) {
      let ref: Json | undefined;
      if (target.type === FILE_UID || target.type === USER_UID || target.type === ROLE_UID) ref = target.ref;
      else ref = index.places.get(target.type)?.get(target.ref)?.documentId;
      if (ref === undefined) dropped.danglingRelations += 1;
      else if (!refs.includes(ref)) refs.push(ref);
    }
    return isToMany(attribute.relation) ? refs : (refs[0] ?? null);
  }

  /**
   * The component ids of the version being built. Strapi numbers each component's table on its own,
   * so a dynamic zone may hold a quote 1 and a section 1; foliocms's ids are unique within a
   * version, so the second of a pair gets an id above the version's others.
   */
  let usedIds = new Set<number>();
  let clashing: Entry[] = [];

  /** A component entry: its id, its values, its own relations (links name the component and its id). */
  function componentEntry(component: Component | undefined, raw: unknown, extra: Entry = {}): Entry | null {
    if (typeof raw !== 'object' || raw === null || !component) return null;
    const entry = raw as StrapiRow;
    const built: Entry = { ...extra, id: entry.id, ...attributeValues(component.uid, component.attributes, entry) };
    if (usedIds.has(entry.id)) clashing.push(built);
    else usedIds.add(entry.id);
    return built;
  }

  /** Builds `attributes` of `row` with a fresh set of component ids. */
  function withComponentIds(owner: string, attributes: Record<string, Attribute>, row: StrapiRow): Entry {
    usedIds = new Set();
    clashing = [];
    const values = attributeValues(owner, attributes, row);
    let next = Math.max(0, ...usedIds);
    for (const entry of clashing) entry.id = ++next;
    return values;
  }

  function attributeValues(owner: string, attributes: Record<string, Attribute>, row: StrapiRow): Entry {
    const values: Entry = {};
    for (const [name, attribute] of Object.entries(attributes)) {
      if (attribute.type === 'relation') {
        if (attribute.mappedBy === undefined) values[name] = relationValue(owner, row.id, name, attribute);
      } else if (attribute.type === 'component') {
        const component = schemas.components.get(attribute.component);
        values[name] = attribute.repeatable
          ? (Array.isArray(row[name]) ? (row[name] as unknown[]) : [])
              .map((item) => componentEntry(component, item))
              .filter((item): item is Entry => item !== null)
          : componentEntry(component, row[name]);
      } else if (attribute.type === 'dynamiczone') {
        const items = Array.isArray(row[name]) ? (row[name] as Array<Record<string, unknown>>) : [];
        values[name] = items
          .map((item) => {
            const uid = String(item?.__component);
            return componentEntry(schemas.components.get(uid), item, { __component: uid });
          })
          .filter((item): item is Entry => item !== null);
      } else {
        values[name] = asJson(row[name]);
      }
    }
    return values;
  }

  /**
   * One version of a document.
   * @example version(articleType, { id: 2, documentId: 'q6n…', locale: 'en', publishedAt: '…', title: 'Hi' })
   */
  function version(type: ContentType, row: StrapiRow): StoredDocument {
    const locale = type.localized && typeof row.locale === 'string' ? row.locale : null;
    const published = !type.draftAndPublish || (typeof row.publishedAt === 'string' && row.publishedAt !== '');
    const publishedAt = !type.draftAndPublish ? asJson(row.publishedAt ?? row.createdAt) : published ? asJson(row.publishedAt) : null;
    const value: Entry = {
      id: row.id,
      documentId: row.documentId!,
      createdAt: asJson(row.createdAt),
      updatedAt: asJson(row.updatedAt),
      publishedAt,
      locale,
      ...withComponentIds(type.uid, type.attributes, row),
    };
    const status = published ? 'published' : 'draft';
    return { key: { type: type.singularName, documentId: row.documentId!, status, locale: locale ?? NO_LOCALE }, value };
  }

  const stamps = (row: StrapiRow) => ({
    createdAt: asJson(row.createdAt),
    updatedAt: asJson(row.updatedAt),
    publishedAt: asJson(row.publishedAt ?? row.createdAt),
  });
  const linked = (owner: string, id: number, field: string) => index.links.get(linkKey(owner, id, field))?.[0]?.ref ?? null;

  /** A user: its bcrypt hash kept (verified at sign-in, then replaced); pending one-time codes not carried over. */
  function user(row: StrapiRow): Entry {
    return {
      id: row.id,
      documentId: asJson(row.documentId),
      username: asJson(row.username),
      email: asJson(row.email),
      provider: asJson(row.provider ?? 'local'),
      password: asJson(row.password),
      resetPasswordToken: null,
      confirmationToken: null,
      confirmed: row.confirmed === true,
      blocked: row.blocked === true,
      role: linked(USER_UID, row.id, 'role'),
      ...stamps(row),
      ...withComponentIds(USER_UID, schemas.userAttributes, row),
    };
  }

  function role(row: StrapiRow): Entry {
    return {
      id: row.id,
      documentId: asJson(row.documentId),
      name: asJson(row.name),
      description: asJson(row.description ?? ''),
      type: asJson(row.type),
      ...stamps(row),
    };
  }

  function permission(row: StrapiRow): Entry {
    return {
      id: row.id,
      documentId: asJson(row.documentId),
      action: asJson(row.action),
      role: linked(PERMISSION_UID, row.id, 'role'),
      ...stamps(row),
    };
  }

  /** A file of the media library, as Strapi's upload plugin stored it. */
  function file(row: StrapiRow): Entry {
    const fields = [
      ...['name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url'],
      ...['previewUrl', 'provider', 'provider_metadata'],
    ];
    const columns = Object.fromEntries(fields.map((field) => [field, asJson(row[field])]));
    return { id: row.id, documentId: asJson(row.documentId), ...columns, ...stamps(row) };
  }

  return { version, user, role, permission, file, dropped };
}
