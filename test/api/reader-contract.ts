/**
 * The reader contract: the one suite every reader of stored documents passes, answer for answer
 * (see src/content/reader.ts). It asks through the document service of an opened project, as a
 * user's script does, with Strapi 5's params, and checks each answer against the one written in
 * the case: the same documents, in the same order, with the same totals, whichever reader serves
 * them. The library it reads is written by the suite itself (see reader-contract/fixture.ts).
 *
 * A reader's own test file calls `readerContract` with a way to open a project of the files and
 * config the library needs, on the store that reader serves.
 */
import { suite } from 'uvu';
import type { OpenedFolio } from '../../src/index.js';
import { LIBRARY_CONFIG, LIBRARY_FILES, writeLibrary } from './reader-contract/fixture.js';
import type { ContractContext } from './reader-contract/helpers.js';
import { logicCases } from './reader-contract/logic.js';
import { populateCases } from './reader-contract/populate.js';
import { readCases } from './reader-contract/reads.js';
import { relationCases } from './reader-contract/relations.js';
import { scalarCases } from './reader-contract/scalars.js';
import { sortingCases } from './reader-contract/sorting.js';
import { windowCases } from './reader-contract/windows.js';

/** What the library needs of a project: extra files (its content types) and config merged in (its locales). */
export interface LibraryProject {
  files: Record<string, string>;
  config: Record<string, Record<string, unknown>>;
}

/** A project opened for the suite, and how to close and remove it. */
export interface OpenedProject {
  folio: OpenedFolio;
  cleanup(): Promise<void>;
}

/**
 * Runs every case of the contract, as one suite named after `label`, on the project `open` makes.
 * @example
 * readerContract('files', async ({ files, config }) => {
 *   const project = await testProject({ files, config });
 *   const folio = await openFolio({ dir: project.dir });
 *   return { folio, cleanup: async () => { await folio.close(); await project.cleanup(); } };
 * });
 */
export function readerContract(label: string, open: (project: LibraryProject) => Promise<OpenedProject>): void {
  const test = suite<ContractContext>(`the reader contract, on ${label}`);
  test.before(async (context) => {
    const opened = await open({ files: LIBRARY_FILES, config: LIBRARY_CONFIG });
    context.folio = opened.folio;
    context.cleanup = () => opened.cleanup();
    context.library = await writeLibrary(opened.folio);
  });
  test.after(async (context) => {
    await context.cleanup?.();
  });
  scalarCases(test);
  logicCases(test);
  relationCases(test);
  sortingCases(test);
  windowCases(test);
  readCases(test);
  populateCases(test);
  test.run();
}
