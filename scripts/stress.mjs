#!/usr/bin/env node
// The long reliability run (`npm run test:stress`): the test/reliability files through the usual
// runner, with FOLIO_STRESS_ROUNDS=25 (25 SIGKILLs of the crash-under-load test; `npm test` runs
// the same files with their short default). Ends with the line CI reads: "N passed, N failed".
// Usage: node scripts/stress.mjs [--rounds N] [--seed S] [path-or-substring ...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, FOLIO_STRESS_ROUNDS: process.env.FOLIO_STRESS_ROUNDS || '25' };
const filters = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--rounds' || arg === '--seed') {
    const value = args[++i];
    if (!/^\d+$/.test(value ?? '')) {
      process.stderr.write(`stress: ${arg} takes a non-negative integer\n`);
      process.exit(2);
    }
    env[arg === '--rounds' ? 'FOLIO_STRESS_ROUNDS' : 'FOLIO_STRESS_SEED'] = value;
  } else filters.push(arg);
}
const runner = fileURLToPath(new URL('run-tests.mjs', import.meta.url));
const paths = filters.length > 0 ? filters.map((f) => (f.startsWith('test/reliability') ? f : `test/reliability/${f}`)) : ['test/reliability'];
const result = spawnSync(process.execPath, [runner, ...paths], { env, stdio: 'inherit' });
process.exit(result.status ?? 1);
