// Shared by the benchmarks: a temporary project set up as a user's (with generated documents), and
// the processes started on it.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { generate } from './generate.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Spawns a process and resolves once its first stdout line matches `readyPattern` (its group 1 is
 * the URL). With `logFile`, its stdout goes to that file, as `folio serve >> folio.log` or systemd's
 * `StandardOutput=append:` write it: the request log of a server under load is then not read by
 * this process, whose one thread is the load generator's (read from a pipe here, the lines took
 * that thread's time, and a full pipe held the server's synchronous write until it was read).
 */
export function startProcess(command, argv, readyPattern, env = {}, { logFile } = {}) {
  const started = process.hrtime.bigint();
  const out = logFile ? openSync(logFile, 'a') : 'pipe';
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
  if (logFile) closeSync(out);
  return new Promise((resolve, reject) => {
    const ready = (line) => {
      const match = readyPattern.exec(line);
      if (!match) return reject(new Error(`unexpected line: ${line}`));
      resolve({ child, url: match[1], readyMs: Number(process.hrtime.bigint() - started) / 1e6 });
    };
    child.once('exit', (code) => reject(new Error(`${argv.join(' ')} exited with ${code}`)));
    if (logFile) {
      const poll = setInterval(() => {
        const text = readFileSync(logFile, 'utf8');
        if (!text.includes('\n')) return;
        clearInterval(poll);
        ready(text.slice(0, text.indexOf('\n')));
      }, 10);
      child.once('exit', () => clearInterval(poll));
      return;
    }
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      // What follows the ready line (the request log) is read and dropped, without this process
      // spending CPU splitting it into lines.
      lines.close();
      child.stdout.resume();
      ready(line);
    });
  });
}

/** Peak resident set size of a process so far (VmHWM), in MB. */
export async function peakRssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/**
 * A temporary copy of the sample project with `docs` generated articles; answers its dir and some
 * documentIds. `watchContent: false`: served without following data/content; `requestLog: false`:
 * without a line per request; `middleware: true`: with an extension whose one document middleware
 * passes every action through.
 */
export async function setUp(docs, { watchContent = true, requestLog = true, gitCommit, middleware = false } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'folio-bench-'));
  await cp(join(root, 'config'), join(dir, 'config'), { recursive: true });
  await cp(join(root, 'content-types'), join(dir, 'content-types'), { recursive: true });
  const upFile = join(dir, 'config/users-permissions.yaml');
  const up = parse(await readFile(upFile, 'utf8'));
  up.ratelimit = { enabled: false };
  up.bootstrapPermissions = {
    public: ['find', 'findOne', 'create', 'update'].map((a) => `api::article.article.${a}`).concat('api::category.category.find', 'api::category.category.findOne', 'plugin::upload.content-api.upload'),
  };
  await writeFile(upFile, stringify(up));
  const serverFile = join(dir, 'config/server.yaml');
  const server = parse(await readFile(serverFile, 'utf8').catch(() => '')) ?? {};
  await writeFile(serverFile, stringify({ ...server, watchContent, logger: { ...server.logger, requests: requestLog }, ...(gitCommit !== undefined && { git: { commit: gitCommit } }) }));
  await mkdir(join(dir, 'data'), { recursive: true });
  if (middleware) {
    await mkdir(join(dir, 'extensions'));
    await writeFile(join(dir, 'extensions/index.mjs'), 'export default { register(folio) { folio.documents.use((context, next) => next()); } };\n');
  }
  const generated = await generate(join(dir, 'data'), docs);
  // `gitCommit` set: the project is a git repository with everything committed, as a team's is.
  if (gitCommit !== undefined) {
    const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'The bench project');
  }
  return { dir, ...generated };
}
