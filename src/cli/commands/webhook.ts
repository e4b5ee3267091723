/**
 * `folio webhook create|list|delete|test|deliveries`: the webhooks of a project, kept in its store,
 * so a running server sends to a new one from its next write. Secrets and header values are
 * never printed: `list` says a webhook is signed and names its headers.
 */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';

/** The project's webhooks, and the system actor the CLI calls them as (the same calls as `/api/admin/webhooks`). */
async function openWebhooks(globals: GlobalOptions, io: CliIo) {
  const [{ openProjectData }, { SYSTEM_ACTOR }] = await Promise.all([import('../../project/index.js'), import('../../permissions/index.js')]);
  return { webhooks: (await openProjectData(globals.dir, { env: io.env })).webhooks, system: SYSTEM_ACTOR };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerWebhook(program: Command, io: CliIo): void {
  const group = program.command('webhook').description('tell sites when content changes: create, list, delete, test webhooks and see their deliveries');

  group
    .command('create <name>')
    .description('create a webhook: each event is POSTed to the URL as JSON after the write that caused it, retried until the receiver takes it')
    .requiredOption('--url <url>', 'where to POST (http:// or https://); not a loopback, link-local or private address unless server.webhooks.allowPrivateAddresses is true')
    .requiredOption('--events <list>', 'comma-separated: entry.create, entry.update, entry.delete, entry.publish, entry.unpublish, media.create, media.update, media.delete')
    .option('--header <header>', "a header sent with each delivery, 'Name: value' (repeatable; the value in Latin-1: nothing above U+00FF)", collect)
    .option('--secret <secret>', 'sign each delivery: X-Folio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">')
    .action(async (name: string, options: { url: string; events: string; header?: string[]; secret?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { webhooks, system } = await openWebhooks(globals, io);
      const created = await webhooks.create(system, { name, url: options.url, events: options.events, headers: options.header, secret: options.secret });
      done(io, globals, created, `Created webhook ${created.id} ${created.name}: ${created.events.join(', ')} → ${created.url}${created.signed ? ' (signed)' : ''}.`);
    });

  group
    .command('list')
    .description('webhooks with their URL, events, header names and whether they are signed (never a secret or a header value)')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { webhooks, system } = await openWebhooks(globals, io);
      const rows = webhooks.list(system);
      emit(io, globals, rows, () =>
        rows.length === 0 ? 'No webhooks.\n' : table(rows.map((row) => ({ ...row, events: row.events.join(','), headers: row.headers.join('; ') })), ['id', 'name', 'url', 'events', 'headers', 'signed']),
      );
    });

  group
    .command('delete <name-or-id>')
    .description('delete a webhook; what it had not delivered yet is dropped')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { webhooks, system } = await openWebhooks(globals, io);
      const removed = await webhooks.remove(system, ref);
      done(io, globals, removed, `Deleted webhook ${removed.id} ${removed.name}.`);
    });

  group
    .command('test <name-or-id>')
    .description('send a trigger-test event now and print what the receiver answered (exit 1 unless a 2xx)')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { webhooks, system } = await openWebhooks(globals, io);
      const result = await webhooks.test(system, ref);
      emit(io, globals, result, () => (result.status !== null ? `The receiver answered ${result.status}.\n` : `No answer: ${result.error}.\n`));
      if (result.status === null || result.status < 200 || result.status >= 300) process.exitCode = 1;
    });

  group
    .command('deliveries <name-or-id>')
    .description("a webhook's last deliveries, newest first: event, status, attempts, the receiver's last status or error, when")
    .action(async (ref: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { webhooks, system } = await openWebhooks(globals, io);
      const rows = await webhooks.deliveries(system, ref);
      emit(io, globals, rows, () =>
        rows.length === 0
          ? 'No deliveries yet.\n'
          : table(rows.map((row) => ({ ...row, answer: row.lastStatus ?? row.lastError ?? '' })), ['id', 'event', 'status', 'attempts', 'answer', 'createdAt', 'finishedAt']),
      );
    });
}
