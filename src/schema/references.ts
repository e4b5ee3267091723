/**
 * Checks across files, run once every file has passed its own checks: unique names, components
 * and relation targets that exist, both sides of a relation agreeing, and no component that
 * contains itself.
 */
import { ProjectFileError } from '../errors.js';
import { USERS_PERMISSIONS_TARGETS } from './attributes.js';
import { didYouMean } from './hint.js';
import type { Attribute, Component, ContentType, RelationAttribute, RelationKind } from './types.js';

export interface NameClash {
  key: 'info.singularName' | 'info.pluralName';
  name: string;
  other: ContentType;
  otherKey: 'singularName' | 'pluralName';
}

/**
 * The first of `candidate`'s names already taken by one of `others`. Singular and plural names
 * share one space: both become `/api/<name>` routes and permission-tree keys.
 */
export function findNameClash(candidate: Pick<ContentType, 'singularName' | 'pluralName'>, others: readonly ContentType[]): NameClash | undefined {
  const names = [
    ['info.singularName', candidate.singularName],
    ['info.pluralName', candidate.pluralName],
  ] as const;
  for (const [key, name] of names) {
    for (const other of others) {
      if (other.singularName === name) return { key, name, other, otherKey: 'singularName' };
      if (other.pluralName === name) return { key, name, other, otherKey: 'pluralName' };
    }
  }
  return undefined;
}

/** `contentTypes` in file order: the later file of a clashing pair is the one reported. */
export function checkNameClashes(contentTypes: readonly ContentType[]): void {
  contentTypes.forEach((contentType, index) => {
    const clash = findNameClash(contentType, contentTypes.slice(0, index));
    if (clash) {
      throw new ProjectFileError(contentType.file, clash.key, `"${clash.name}" is already the ${clash.otherKey} of ${clash.other.file}`);
    }
  });
}

/** Something that holds attributes: a content type, a component, or the User extension. */
interface Owner {
  uid: string;
  file: string;
  attributes: Record<string, Attribute>;
}

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const USER_FILE = 'content-types/users-permissions/user.yaml';

/** The relation kind the other side must have: each side sees the relation from its own end. */
const INVERSE_KIND: Record<RelationKind, RelationKind> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

export interface ReferenceInput {
  contentTypes: readonly ContentType[];
  components: ReadonlyMap<string, Component>;
  userAttributes: Record<string, Attribute>;
  /** The User extension's file when there is one. */
  userFile?: string;
}

export function checkReferences(input: ReferenceInput): void {
  const owners: Owner[] = [
    ...[...input.components.values()].sort((a, b) => a.file.localeCompare(b.file)),
    ...input.contentTypes,
    { uid: USER_UID, file: input.userFile ?? USER_FILE, attributes: input.userAttributes },
  ];
  const byUid = new Map<string, Owner>(input.contentTypes.map((contentType) => [contentType.uid, contentType]));
  byUid.set(USER_UID, owners[owners.length - 1]!);
  const targets = [...input.contentTypes.map((contentType) => contentType.uid), ...USERS_PERMISSIONS_TARGETS];

  for (const owner of owners) {
    for (const [name, attribute] of Object.entries(owner.attributes)) {
      const key = `attributes.${name}`;
      if (attribute.type === 'component') checkComponentExists(owner, `${key}.component`, attribute.component, input.components);
      if (attribute.type === 'dynamiczone') {
        for (const uid of attribute.components) checkComponentExists(owner, `${key}.components`, uid, input.components);
      }
      // A media attribute's target is the media library, set by the loader, never written by hand.
      if (attribute.type === 'relation' && !attribute.media) {
        if (!targets.includes(attribute.target)) {
          const hint = didYouMean(attribute.target, targets) || `: use api::<singularName>.<singularName> or ${USER_UID}`;
          throw new ProjectFileError(owner.file, `${key}.target`, `"${attribute.target}" is not a content type${hint}`);
        }
        checkInverse(owner, name, attribute, byUid);
      }
    }
  }
  checkComponentCycles(input.components);
}

function checkComponentExists(owner: Owner, key: string, uid: string, components: ReadonlyMap<string, Component>): void {
  if (components.has(uid)) return;
  const [category, name] = uid.split('.');
  const hint = didYouMean(uid, components.keys()) || `: add content-types/components/${category}/${name}.yaml`;
  throw new ProjectFileError(owner.file, key, `"${uid}" does not exist${hint}`);
}

/**
 * `inversedBy` (owning side) and `mappedBy` (other side) must name each other, point at each
 * other's type and have mirrored kinds, or the two ends of one relation would disagree on disk.
 */
function checkInverse(owner: Owner, name: string, attribute: RelationAttribute, byUid: ReadonlyMap<string, Owner>): void {
  const side = attribute.inversedBy !== undefined ? 'inversedBy' : attribute.mappedBy !== undefined ? 'mappedBy' : undefined;
  if (side === undefined) return;
  const otherName = attribute[side]!;
  const key = `attributes.${name}.${side}`;
  if (attribute.target === ROLE_UID) {
    throw new ProjectFileError(owner.file, key, `is not supported for target ${ROLE_UID}: make the relation one-way`);
  }
  const target = byUid.get(attribute.target)!;
  const other = target.attributes[otherName];
  if (other === undefined) {
    const relations = Object.keys(target.attributes).filter((n) => target.attributes[n]!.type === 'relation');
    const where = target.uid === USER_UID ? `; add it to ${USER_FILE}` : ` (${target.file})`;
    throw new ProjectFileError(owner.file, key, `"${otherName}" is not an attribute of ${target.uid}${didYouMean(otherName, relations) || where}`);
  }
  const otherSide = side === 'inversedBy' ? 'mappedBy' : 'inversedBy';
  if (other.type !== 'relation' || other.target !== owner.uid) {
    throw new ProjectFileError(owner.file, key, `"${otherName}" in ${target.file} must be a relation with target ${owner.uid} and ${otherSide}: ${name}`);
  }
  if (other[otherSide] !== name) {
    throw new ProjectFileError(owner.file, key, `"${otherName}" in ${target.file} must have ${otherSide}: ${name}`);
  }
  const expected = INVERSE_KIND[attribute.relation];
  if (other.relation !== expected) {
    throw new ProjectFileError(
      owner.file,
      `attributes.${name}.relation`,
      `"${attribute.relation}" does not fit the other side: ${otherName} in ${target.file} is "${other.relation}", expected "${expected}"`,
    );
  }
}

/** A component that contains itself, directly or through others, could never be written out. */
function checkComponentCycles(components: ReadonlyMap<string, Component>): void {
  const children = (component: Component) =>
    Object.entries(component.attributes).flatMap(([name, attribute]) => (attribute.type === 'component' ? [{ name, uid: attribute.component }] : []));

  for (const start of [...components.values()].sort((a, b) => a.file.localeCompare(b.file))) {
    for (const first of children(start)) {
      const path = findPath(first.uid, start.uid, components, children, new Set());
      if (path) {
        throw new ProjectFileError(
          start.file,
          `attributes.${first.name}.component`,
          `"${first.uid}" contains ${start.uid} again (${[start.uid, ...path].join(' → ')}); a component cannot contain itself`,
        );
      }
    }
  }
}

function findPath(
  from: string,
  goal: string,
  components: ReadonlyMap<string, Component>,
  children: (component: Component) => { uid: string }[],
  seen: Set<string>,
): string[] | undefined {
  if (from === goal) return [from];
  if (seen.has(from)) return undefined;
  seen.add(from);
  const component = components.get(from);
  if (!component) return undefined;
  for (const child of children(component)) {
    const rest = findPath(child.uid, goal, components, children, seen);
    if (rest) return [from, ...rest];
  }
  return undefined;
}
