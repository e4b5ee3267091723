/**
 * scripts/check-docs.mjs: every relative link of README.md and docs/ lands on a file and on a heading
 * of it, and docs/cli.md names every command and subcommand `folio --help` lists. Each tree here is
 * a small temporary repository; the help comes from a file (`--cli-help`), so no build is needed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-docs.mjs', import.meta.url));

/** What `folio --help` and `folio <command> --help` print, as commander lays them out. */
const HELP = {
  folio: [
    'Usage: folio [options] [command]',
    '',
    'Options:',
    '  --dir <project>       project directory (default: ".")',
    '  -h, --help            display help for command',
    '',
    'Commands:',
    '  init [options] [dir]  create a project: config/, content-types/, data/ with',
    '                        the built-in roles',
    '  user                  manage end users (data/users.json)',
    '  help [command]        display help for command',
    '',
  ].join('\n'),
  user: [
    'Usage: folio user [options] [command]',
    '',
    'Commands:',
    '  create [options]       create a user with a password (a local account)',
    '  block <id-or-email>    block a user: their tokens stop working and they cannot',
    '                         log in',
    '  help [command]         display help for command',
    '',
  ].join('\n'),
};

/** A good little repository: README, two pages that link to each other's headings, an image, the CLI page. */
const GOOD: Record<string, string> = {
  'README.md': [
    '# foliocms',
    '',
    'See [Limits](#limits), [the CLI](docs/cli.md), [its users](docs/cli.md#users-and-blocks) and',
    '[a site](https://example.com/x.md#nowhere) or [mail](mailto:someone@example.com).',
    '',
    '```md',
    '[inside a fence](docs/nowhere.md) is not a link',
    '```',
    '',
    'Nor is `[inline code](docs/nowhere.md)`.',
    '',
    '## Limits',
    '',
    '- none',
  ].join('\n'),
  'docs/cli.md': [
    '# CLI',
    '',
    '## Users and blocks',
    '',
    '| command | what |',
    '|---|---|',
    '| `folio init [dir]` | a project |',
    '| `folio user create --username <u>` / `folio user block <id>` | users |',
    '',
    '```sh',
    'npx folio --dir site user create --username ada',
    '```',
    '',
    'Back to the [README](../README.md#limits); the [guide](guide/intro.md#the-api-apiauth-routes-1).',
  ].join('\n'),
  'docs/guide/intro.md': [
    '# Intro',
    '',
    '![The list](../list.png)',
    '',
    '## The API: `/api/auth/…` routes',
    '',
    '## The API: `/api/auth/…` routes',
    '',
    'Setext heading',
    '--------------',
    '',
    'See [the setext one](#setext-heading), [the CLI](../cli.md) and [this page](intro.md).',
  ].join('\n'),
  'docs/list.png': 'not really a picture',
};

async function check(files: Record<string, string>, help: Record<string, string> = HELP): Promise<{ code: number | null; lines: string[]; output: string }> {
  const root = await mkdtemp(join(tmpdir(), 'folio-docs-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await writeFile(join(root, 'help.json'), JSON.stringify(help));
    const result = spawnSync(process.execPath, [SCRIPT, '--root', root, '--cli-help', join(root, 'help.json')], { encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    return { code: result.status, lines: output.split('\n').filter(Boolean), output };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

test('a good tree passes: files, anchors (duplicates and setext ones too), images, and every command named', async () => {
  const result = await check(GOOD);
  assert.is(result.code, 0, result.output);
  assert.equal(result.lines, ['docs: ok (3 pages, 9 relative links, 4 commands)']);
});

test('a link to a file that does not exist fails, naming the page, its line and the link', async () => {
  const result = await check({
    ...GOOD,
    'docs/guide/intro.md': `${GOOD['docs/guide/intro.md']}\n\nAnd [gone](../../docs/api/gone.md#x), ![no picture](missing.png).\n`,
  });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, [
    'docs: docs/guide/intro.md:14: link to ../../docs/api/gone.md: no such file (docs/api/gone.md)',
    'docs: docs/guide/intro.md:14: link to missing.png: no such file (docs/guide/missing.png)',
    'docs: 2 problems in 3 pages',
  ]);
});

test('a link to an anchor no heading makes fails, in the same page and in another', async () => {
  const result = await check({
    ...GOOD,
    'README.md': GOOD['README.md']!.replace('(#limits)', '(#limit)').replace('docs/cli.md#users-and-blocks', 'docs/cli.md#users-and-blocks-1'),
    'docs/cli.md': GOOD['docs/cli.md']!.replace('#the-api-apiauth-routes-1', '#the-api-apiauth-routes-2'),
  });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, [
    'docs: README.md:3: link to #limit: no heading of README.md makes that anchor',
    'docs: README.md:3: link to docs/cli.md#users-and-blocks-1: no heading of docs/cli.md makes that anchor',
    'docs: docs/cli.md:14: link to guide/intro.md#the-api-apiauth-routes-2: no heading of docs/guide/intro.md makes that anchor',
    'docs: 3 problems in 3 pages',
  ]);
});

test('a link that leaves the repository fails', async () => {
  const result = await check({ ...GOOD, 'docs/guide/intro.md': `${GOOD['docs/guide/intro.md']}\n\n[elsewhere](../../../notes.md)\n` });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, ['docs: docs/guide/intro.md:14: link to ../../../notes.md leaves the repository', 'docs: 1 problem in 3 pages']);
});

test('a command or a subcommand of folio --help that docs/cli.md does not name fails, naming it', async () => {
  const help = { ...HELP, user: HELP.user.replace('  help [command]', '  unblock <id-or-email>  unblock a user\n  help [command]') };
  const withCheck = { ...help, folio: help.folio.replace('  help [command]', '  check                 validate the project\n  help [command]') };
  const result = await check(GOOD, withCheck);
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, [
    'docs: docs/cli.md:1: `folio user unblock` is a command of folio --help that docs/cli.md does not name (write `folio user unblock …` in code)',
    'docs: docs/cli.md:1: `folio check` is a command of folio --help that docs/cli.md does not name (write `folio check …` in code)',
    'docs: 2 problems in 3 pages',
  ]);
  // Named in prose rather than in code, it still counts as missing.
  const prose = await check({ ...GOOD, 'docs/cli.md': `${GOOD['docs/cli.md']}\n\nfolio check validates; so does folio user unblock.\n` }, withCheck);
  assert.is(prose.code, 1, prose.output);
  // Named in code, it passes.
  const named = await check({ ...GOOD, 'docs/cli.md': `${GOOD['docs/cli.md']}\n\n\`folio check\` validates; \`folio user unblock <id>\` too.\n` }, withCheck);
  assert.is(named.code, 0, named.output);
});

test('without the build and without --cli-help it says to build first and exits 2; an unknown argument is a usage error', async () => {
  const root = await mkdtemp(join(tmpdir(), 'folio-docs-'));
  try {
    await mkdir(join(root, 'docs'));
    await writeFile(join(root, 'README.md'), '# x\n');
    await writeFile(join(root, 'docs/cli.md'), '# CLI\n');
    const result = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    assert.is(result.status, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /run npm run build first/);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const unknown = spawnSync(process.execPath, [SCRIPT, '--rot'], { encoding: 'utf8' });
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /unknown argument --rot/);
});

test.run();
