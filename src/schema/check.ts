/**
 * `checkSchemaFiles`: every problem of a project's `content-types/` folder, not only the first, for
 * `folio check`. The same checks as `loadSchemas` (the same functions), run so that a file that
 * fails is reported and left out, and the others go on: each file on its own first, then what spans
 * files. A file that uses one that does not load is reported once ("not checked") rather than with
 * the misleading "does not exist".
 */
import { readFile } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import { ProjectFileError } from '../errors.js';
import { fileErrorAt, yamlKeyLine } from '../source-lines.js';
import { parseComponent, parseContentType, parseUserAttributes } from './content-type.js';
import { checkParsed, parseSchemaText, readLayout, type Layout } from './load.js';
import { checkNameClashes, checkReferences } from './references.js';
import { assembleSchemas } from './schemas.js';
import type { Attribute, Component, ContentType, Schemas } from './types.js';

const USER_UID = 'plugin::users-permissions.user';

/** One problem of a schema file, at the line of the key it is about (1 when there is none). */
export interface SchemaFileProblem {
  /** Project-relative, e.g. `content-types/article.yaml`. */
  file: string;
  line: number;
  message: string;
}

export interface SchemaCheck {
  /** The content types and components that passed every check, as `loadSchemas` would answer them. */
  schemas: Schemas;
  problems: SchemaFileProblem[];
  /** Content-type files that did not load, by their singular name (the file name's stem). */
  notLoaded: Map<string, string>;
}

/** Something with attributes, and where it came from. */
interface Owner {
  uid: string;
  file: string;
  attributes: Record<string, Attribute>;
}

/**
 * Checks every file under `content-types/` and answers what loaded and every problem.
 * @example const { schemas, problems } = await checkSchemaFiles('site'); // problems: [{ file, line, message }]
 */
export async function checkSchemaFiles(projectDir: string): Promise<SchemaCheck> {
  const problems: SchemaFileProblem[] = [];
  const texts = new Map<string, string>();
  const report = (error: ProjectFileError) => problems.push(toProblem(error, texts));
  const notLoaded = new Map<string, string>();

  let layout: Layout;
  try {
    layout = await readLayout(projectDir, report);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    report(error); // no content-types/ folder at all
    return { schemas: assembleSchemas([], new Map(), {}), problems, notLoaded };
  }

  /** Reads and parses one file; undefined once its problem is reported. */
  const read = async <T>(file: string, check: (raw: unknown) => T): Promise<T | undefined> => {
    try {
      const text = await readFile(joinPath(projectDir, file), 'utf8');
      texts.set(file, text);
      return checkParsed(file, parseSchemaText(text, file), check);
    } catch (error) {
      if (!(error instanceof ProjectFileError)) throw error;
      report(error);
      return undefined;
    }
  };

  // Each file on its own. What fails is remembered by the uid others would use to reach it.
  const broken = new Map<string, string>(); // uid → file
  const components = new Map<string, Component>();
  for (const { file, category, name } of layout.components) {
    const component = await read(file, (raw) => parseComponent(raw, file, category, name));
    if (component) components.set(component.uid, component);
    else broken.set(`${category}.${name}`, file);
  }
  let contentTypes: ContentType[] = [];
  for (const { file, fileName } of layout.contentTypes) {
    const contentType = await read(file, (raw) => parseContentType(raw, file, fileName));
    const stem = fileName.replace(/\.[^.]+$/, '');
    if (contentType) contentTypes.push(contentType);
    else {
      broken.set(`api::${stem}.${stem}`, file);
      notLoaded.set(stem, file);
    }
  }
  let userAttributes: Record<string, Attribute> = {};
  let userFile = layout.userFile;
  if (userFile !== undefined) {
    const attributes = await read(userFile, parseUserAttributes);
    if (attributes) userAttributes = attributes;
    else {
      broken.set(USER_UID, userFile);
      userFile = undefined;
    }
  }

  const owners = (): Owner[] => [
    ...components.values(),
    ...contentTypes,
    ...(userFile !== undefined ? [{ uid: USER_UID, file: userFile, attributes: userAttributes }] : []),
  ];
  const drop = (owner: Owner) => {
    broken.set(owner.uid, owner.file);
    if (components.get(owner.uid) === owner) components.delete(owner.uid);
    else if (owner.uid === USER_UID) {
      userAttributes = {};
      userFile = undefined;
    } else {
      contentTypes = contentTypes.filter((contentType) => contentType !== owner);
      const type = owner as ContentType;
      notLoaded.set(type.singularName, type.file);
    }
  };
  const loaded = (uid: string) => components.has(uid) || contentTypes.some((contentType) => contentType.uid === uid) || (uid === USER_UID && userFile !== undefined);

  /** Leaves out, with one line each, what uses something that did not load, until nothing does. */
  const dropDependents = () => {
    for (let changed = true; changed; ) {
      changed = false;
      for (const owner of owners()) {
        const used = usesBroken(owner, (uid) => !loaded(uid) && broken.has(uid));
        if (!used) continue;
        problems.push({
          file: owner.file,
          line: yamlKeyLine(texts.get(owner.file) ?? '', ['attributes', used.attribute]),
          message: `attributes.${used.attribute} uses ${used.uid}, whose file ${broken.get(used.uid)} has errors; this file is checked once that one loads`,
        });
        drop(owner);
        changed = true;
      }
    }
  };
  dropDependents();

  // What spans files: each check stops at its first problem, so it runs again without the file at fault.
  const rerun = (check: () => void) => {
    for (;;) {
      try {
        check();
        return;
      } catch (error) {
        if (!(error instanceof ProjectFileError)) throw error;
        report(error);
        const owner = owners().find((candidate) => candidate.file === error.file);
        if (!owner) return;
        drop(owner);
        dropDependents();
      }
    }
  };
  rerun(() => checkNameClashes(contentTypes));
  rerun(() => checkReferences({ contentTypes, components, userAttributes, userFile: layout.userFile }));

  return { schemas: assembleSchemas(contentTypes, components, userAttributes), problems, notLoaded };
}

/** The first attribute of `owner` that needs a uid `isBroken` says did not load. */
function usesBroken(owner: Owner, isBroken: (uid: string) => boolean): { attribute: string; uid: string } | undefined {
  for (const [name, attribute] of Object.entries(owner.attributes)) {
    const uids =
      attribute.type === 'component'
        ? [attribute.component]
        : attribute.type === 'dynamiczone'
          ? attribute.components
          : attribute.type === 'relation' && (attribute.target !== USER_UID || attribute.inversedBy !== undefined || attribute.mappedBy !== undefined)
            ? [attribute.target]
            : [];
    const uid = uids.find(isBroken);
    if (uid !== undefined) return { attribute: name, uid };
  }
  return undefined;
}

/** A `ProjectFileError` as `file:line: message`: the line of its key, or the one a YAML syntax error gives. */
function toProblem(error: ProjectFileError, texts: ReadonlyMap<string, string>): SchemaFileProblem {
  return { file: error.file, ...fileErrorAt(error, texts.get(error.file) ?? '') };
}
