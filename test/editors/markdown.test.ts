/**
 * The preview's renderer of richtext fields (`editors/markdown/`, bundled for the editors' page) in
 * Node: the Markdown step, which drops links and images whose address could run a script however
 * it is written, and `renderMarkdown`, which without a DOM to sanitize in refuses rather than
 * answer raw HTML. DOMPurify's own step, on the HTML typed among the Markdown, needs a browser: it
 * is tested in one, on the bundle the page loads (test/admin/markdown.test.ts).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { markdownToHtml, renderMarkdown } from '../../editors/markdown/index.js';

const toHtml = markdownToHtml as (text: string) => string;

const markdown = suite('markdownToHtml(text)');

markdown('should write the Markdown of the toolbar as HTML', () => {
  assert.is(
    toHtml('**b** _i_ ~~s~~ `c` [l](https://example.com/a?b=1&c=2)'),
    '<p><strong>b</strong> <em>i</em> <del>s</del> <code>c</code> <a href="https://example.com/a?b=1&amp;c=2">l</a></p>\n',
  );
  assert.is(
    toHtml('## Title\n\n- one\n\n1. first\n\n> said'),
    '<h2>Title</h2>\n<ul>\n<li>one</li>\n</ul>\n<ol>\n<li>first</li>\n</ol>\n<blockquote>\n<p>said</p>\n</blockquote>\n',
  );
});

markdown('should keep links and images of http(s), mailto, tel and addresses without a scheme', () => {
  const links = [
    'https://a.example', 'http://b.example', 'mailto:c@example.com', 'tel:+331', '/uploads/e.pdf', '#notes', 'page?x=1',
  ];
  const images = '![h](/uploads/h.png) ![i](data:image/png;base64,AAAA)';
  const html = toHtml(`${links.map((address) => `[link](${address})`).join(' ')} ${images}`);
  for (const address of links) assert.ok(html.includes(`href="${address}"`), address);
  assert.ok(html.includes('<img src="/uploads/h.png" alt="h">'));
  assert.ok(html.includes('<img src="data:image/png;base64,AAAA" alt="i">'));
});

markdown('when a link or an image could run a script then only its text is kept, however it is written', () => {
  const attacks = [
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](<javascript:alert(1)>)',
    '[x]( javascript:alert(1))',
    '[x](jav&#x61;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '<javascript:alert(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
  ];
  for (const attack of attacks) {
    const html = toHtml(attack);
    assert.not.match(html, /<a\b/, attack);
    assert.not.match(html, /<script/i, attack);
  }
  for (const image of ['![x](javascript:alert(1))', '![x](data:text/html,hi)', '![x](vbscript:y)']) {
    assert.is(toHtml(image), '<p>x</p>\n', image);
  }
});

markdown('should draw a task list\'s boxes as characters, not as controls inside the entry\'s form', () => {
  const html = toHtml('- [x] done\n- [ ] to do');
  assert.not.match(html, /<input/);
  assert.ok(html.includes('☑ done') && html.includes('☐ to do'));
});

markdown.run();

const render = suite('renderMarkdown(text)');

render('when there is no DOM to sanitize in then it refuses rather than answer the raw HTML', () => {
  assert.throws(() => renderMarkdown('<img src=x onerror=alert(1)>'), /needs a browser/);
});

render.run();
