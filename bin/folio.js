#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs); dist/cli/ holds the same code unbundled.
import { run } from '../dist/bundle/folio.js';
await run(process.argv);
