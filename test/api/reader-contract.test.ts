/**
 * The reader contract (reader-contract.ts) on the store this run names: the files store, or
 * PostgreSQL when the runner passes a database (every file under test/api/ runs on both).
 */
import { openFolio } from '../../src/index.js';
import { testProject } from '../_helpers/server.js';
import { readerContract } from './reader-contract.js';

readerContract(process.env.FOLIO_TEST_DATABASE ? 'PostgreSQL' : 'files', async ({ files, config }) => {
  const project = await testProject({ files, config });
  const folio = await openFolio({ dir: project.dir });
  return {
    folio,
    cleanup: async () => {
      await folio.close();
      await project.cleanup();
    },
  };
});
