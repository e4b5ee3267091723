// Test data for the benchmark: documents written straight to data/content/ in the store's own
// layout (no fsync: this is throwaway data, and 100k fsyncs would take minutes).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const WORDS = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'eiusmod', 'tempor'];
const word = (n) => WORDS[n % WORDS.length];
// Fixed width, so no two numbers give the same id.
const documentId = (n, prefix) => `${prefix}${n.toString(36).padStart(10, '0')}`.padEnd(24, 'k');

function stable(value) {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, stable(value[key])]));
  return value;
}

async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

/** Writes `count` articles (en and fr, draft and published) and 20 categories; answers some documentIds. */
export async function generate(dataDir, count) {
  const stamp = new Date('2026-01-01T00:00:00.000Z').toISOString();
  let rowId = 1;
  let componentId = 1;
  const categories = Array.from({ length: 20 }, (_, i) => documentId(i, 'c'));
  const writes = [];
  categories.forEach((id, i) => {
    writes.push([join(dataDir, 'content/category', id, 'published.default.json'), { id: rowId++, documentId: id, locale: null, name: `Category ${i}`, createdAt: stamp, updatedAt: stamp, publishedAt: stamp }]);
  });
  const articles = [];
  for (let n = 0; n < count; n++) {
    const id = documentId(n, 'a');
    articles.push(id);
    for (const locale of ['en', 'fr']) {
      for (const status of ['draft', 'published']) {
        const title = `${word(n)} ${word(n * 7 + 3)} ${n} ${locale}`;
        writes.push([join(dataDir, 'content/article', id, `${status}.${locale}.json`), {
          id: rowId++, documentId: id, locale, createdAt: stamp, updatedAt: stamp, publishedAt: status === 'published' ? stamp : null,
          title, slug: `${word(n)}-${n}-${locale}`, views: (n * 37) % 10000,
          body: [{ type: 'paragraph', children: [{ type: 'text', text: `${title} ${word(n + 1)} ${word(n + 2)}` }] }],
          sections: [{ id: componentId++, heading: `Part one of ${n}`, body: word(n) }, { id: componentId++, heading: `Part two of ${n}`, body: word(n + 5) }],
          category: categories[n % categories.length],
        }]);
      }
    }
  }
  await pool(writes, 64, async ([file, row]) => {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, JSON.stringify(stable(row), null, 2) + '\n', { mode: 0o600 });
  });
  return { articles, categories };
}

