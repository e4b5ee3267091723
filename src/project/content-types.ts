/** Project-level content-type operations for the CLI: create a file, list what is defined. */
import { access } from 'node:fs/promises';
import { ApplicationError } from '../errors.js';
import { insideFolder } from '../safe-path.js';
import { buildContentType, loadSchemas, renderContentTypeYaml, type BuildContentTypeInput } from '../schema/index.js';
import { withFileStore } from '../storage/index.js';
import { assertProject, projectPaths } from './paths.js';

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Validates a new content type against the project's others and writes `content-types/<singular>.yaml`.
 * @example await createContentTypeFile('site', { singularName: 'article', attributes: ['title:string'] })
 */
export async function createContentTypeFile(dir: string, input: BuildContentTypeInput) {
  const paths = projectPaths(dir);
  await assertProject(paths);
  const existing = await loadSchemas(paths.root);
  const contentType = buildContentType(input, existing);
  const file = `content-types/${contentType.info.singularName}.yaml`;
  const path = insideFolder(paths.contentTypes, 'content type file', `${contentType.info.singularName}.yaml`);
  if (await exists(path)) throw new ApplicationError(`${file} already exists`);
  await withFileStore((files) => files.writeFileAtomic(path, renderContentTypeYaml(contentType), { mode: 0o644 }));
  const route = contentType.kind === 'singleType' ? contentType.info.singularName : contentType.info.pluralName;
  return { file, contentType, route };
}

export interface ContentTypeSummary {
  singularName: string;
  pluralName: string;
  kind: string;
  i18n: boolean;
  draftAndPublish: boolean;
  attributes: number;
}

/**
 * Every content type of the project, for `folio content-type list`.
 * @example await listContentTypes('site') // [{ singularName: 'article', kind: 'collectionType', ... }]
 */
export async function listContentTypes(dir: string): Promise<ContentTypeSummary[]> {
  const paths = projectPaths(dir);
  await assertProject(paths);
  const { contentTypes } = await loadSchemas(paths.root);
  return contentTypes.map((type) => ({
    singularName: type.singularName,
    pluralName: type.pluralName,
    kind: type.kind,
    i18n: type.localized,
    draftAndPublish: type.draftAndPublish,
    attributes: Object.keys(type.attributes).length,
  }));
}
