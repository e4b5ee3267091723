#!/usr/bin/env node
// The second step of `npm run build`, after the compiler: the CLI, the server and the two worker
// threads bundled into dist/bundle/ (bin/folio.js runs them from there). Node then reads a few
// files at start instead of some hundreds (ours and our dependencies'), which was a third of
// `folio serve`'s start with 1,000 documents. What is used only sometimes stays apart, as in the
// sources: our modules imported with import() become chunks read at their first use, and packages
// imported with import() (database and mail clients, sharp's native code, prompts, …) are not bundled
// at all: they load from node_modules as before, with the named exports Node gives a CommonJS package
// (a bundled one would give only its default export).
// Then the editors the editors' page loads when a field needs one (editors/<name>/index.js, each
// with its library from npm), for the browser, into dist/admin/<name>.js, which the page imports
// as vendor/<name>.js: they are the page's only modules that need a build.
// Usage: node scripts/bundle.mjs [--editors]   (after `tsc`; reads dist/, writes dist/bundle/;
// --editors: the editors alone, which need no `tsc` first)
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Packages imported with import() stay in node_modules. */
const packagesAtFirstUse = {
  name: 'packages-at-first-use',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'dynamic-import' && !args.path.startsWith('node:') ? { path: args.path, external: true } : undefined));
  },
};

/** The editors of the editors' page (see above). */
const EDITORS = ['rich-text', 'markdown'];

await rm(`${root}dist/admin`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(EDITORS.map((name) => [name, `editors/${name}/index.js`])),
  outdir: 'dist/admin',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  // The libraries' licence comments stay with their code, at the end of each file.
  legalComments: 'eof',
  logLevel: 'warning',
});
if (process.argv.includes('--editors')) process.exit(0);

await rm(`${root}dist/bundle`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The threads keep the names their starters look for beside them (threadUrl in src/threads.ts).
  entryPoints: {
    folio: 'dist/cli/index.js',
    'document-reader-thread': 'dist/storage/document-reader-thread.js',
    'content-watch-thread': 'dist/project/content-watch-thread.js',
  },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [packagesAtFirstUse],
  // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
