/** Tiny project folders for schema tests: fixtures on disk, or files written into a temp dir. */
import { fileURLToPath } from 'node:url';
import { ProjectFileError } from '../../src/errors.js';
import { loadSchemas } from '../../src/schema/index.js';
import { expectError, makeTempDir, removeTempDir, writeFiles } from '../_helpers/index.js';

/** A fixture project under `test/fixtures/content-types/<name>/`. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/content-types/${name}/`, import.meta.url));
}

const made: string[] = [];

/** Writes `files` (project-relative path → text) into a fresh temp project and returns its path. */
export async function project(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('folio-schema-');
  made.push(dir);
  await writeFiles(dir, files);
  return dir;
}

export async function removeProjects(): Promise<void> {
  await Promise.all(made.splice(0).map(removeTempDir));
}

/** Loads `dir` expecting a `ProjectFileError`, and returns it. */
export function loadError(dir: string): Promise<ProjectFileError> {
  return expectError(loadSchemas(dir), ProjectFileError);
}

/** Loads a temp project made of `files` and returns the error message. */
export async function messageFor(files: Record<string, string>): Promise<string> {
  return (await loadError(await project(files))).message;
}

/** An `article.yaml` whose attributes block is `attributes` (YAML lines, indented by two). */
export function article(attributes: string, head = 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\n'): string {
  return `${head}attributes:\n${attributes}\n`;
}
