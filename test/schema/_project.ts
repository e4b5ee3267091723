/** Tiny project folders for schema tests: fixtures on disk, or files written into a temp dir. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';
import { ProjectFileError } from '../../src/errors.js';
import { loadSchemas } from '../../src/schema/index.js';

/** The repository root, itself the sample project. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A fixture project under `test/fixtures/content-types/<name>/`. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/content-types/${name}/`, import.meta.url));
}

const made: string[] = [];

/** Writes `files` (project-relative path → text) into a fresh temp project and returns its path. */
export async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-schema-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

export async function removeProjects(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Loads `dir` expecting a `ProjectFileError`, and returns it. */
export async function loadError(dir: string): Promise<ProjectFileError> {
  try {
    await loadSchemas(dir);
  } catch (error) {
    assert.instance(error, ProjectFileError);
    return error as ProjectFileError;
  }
  assert.unreachable('loadSchemas should have failed');
  throw new Error('unreachable');
}

/** Loads a temp project made of `files` and returns the error message. */
export async function messageFor(files: Record<string, string>): Promise<string> {
  return (await loadError(await project(files))).message;
}

/** An `article.yaml` whose attributes block is `attributes` (YAML lines, indented by two). */
export function article(attributes: string, head = 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\n'): string {
  return `${head}attributes:\n${attributes}\n`;
}
