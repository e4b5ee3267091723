// The stack's ceiling on this machine: a bare Koa server answering precomputed bytes.
// Usage: node bench/ceiling.mjs <file with the response body>
import { readFileSync } from 'node:fs';
import Koa from 'koa';

const body = readFileSync(process.argv[2]);
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`ceiling listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
