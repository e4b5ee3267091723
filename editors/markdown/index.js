/**
 * The preview of a richtext field (Strapi's Markdown string), bundled with marked and DOMPurify for
 * the editors' page, which imports it as `vendor/markdown.js` when a preview is first shown.
 * What anyone who may write an entry typed is shown to every editor who opens it, so the HTML is
 * made harmless in two steps: marked's links and images keep only addresses of the kinds below
 * (and a task list's boxes are drawn as characters, not form controls inside the entry's form);
 * then DOMPurify keeps only the elements and attributes of formatted text, with the same address
 * rule for the HTML typed among the Markdown. Nothing is loaded from the preview but images.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * An address a link or an image may have: http(s), mailto or tel, or one with no scheme at all
 * (`/uploads/cat.png`, `#notes`, `page?a=1`): no `javascript:`, `data:` or `vbscript:`, however
 * cased or spaced, nor a scheme hidden behind a character reference (`&#106;avascript:`), which
 * the browser would decode (`&` before the first `/`, `?` or `#` is refused for that).
 */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^:/?#&]*(?:[/?#]|$))/i;
/** The inline images an `img` may show besides: they load nothing. */
const INLINE_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif);/i;
/** Spaces and control characters a browser ignores in an address (`java\tscript:`), as DOMPurify strips them. */
const IGNORED_IN_URL = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

const safeLink = (href) => SAFE_URL.test(String(href).replace(IGNORED_IN_URL, ''));
const safeImage = (src) => safeLink(src) || INLINE_IMAGE.test(String(src).replace(IGNORED_IN_URL, ''));

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (character) => ESCAPES[character]);

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // `false`: marked's own rendering; a refused address keeps the link's text, or the image's alternative text.
    link(token) {
      return safeLink(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token) {
      return safeImage(token.href) ? false : escapeHtml(token.text);
    },
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
  },
});

/** What formatted text is made of: no script, style, form, frame, media or SVG element. */
const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre',
  'q', 's', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'tr', 'u', 'ul',
];
/**
 * No event handler, `style` (which can load from elsewhere), `srcset`, `id`, `name` or `class`
 * (which could clobber or mimic the page's own elements), `data-*` or `aria-*`.
 */
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'start', 'align', 'colspan', 'rowspan', 'open'];

/**
 * A DOMPurify of its own (for its hook), bound to this page's window; without one (Node) it cannot
 * work, and `renderMarkdown` refuses.
 */
const purifier = DOMPurify();

// A link in the preview opens a tab of its own, so that following one never leaves the entry's form.
purifier.addHook?.('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * The first step of `renderMarkdown`: Markdown as HTML, links and images of refused addresses
 * already dropped, HTML typed among the Markdown passed on as it is (DOMPurify's to clean).
 * @example markdownToHtml('[x](javascript:alert(1))') // '<p>x</p>\n'
 * @param {string} text
 * @returns {string}
 */
export function markdownToHtml(text) {
  return /** @type {string} */ (marked.parse(text));
}

/**
 * Markdown as HTML safe to show in the editors' page. Where DOMPurify cannot work (no DOM) it
 * throws, rather than answer HTML it did not clean.
 * @example preview.innerHTML = renderMarkdown('**Hi** <img src=x onerror=alert(1)>')
 * // '<p><strong>Hi</strong> <img src="x"></p>'
 * @param {string} text
 * @returns {string}
 */
export function renderMarkdown(text) {
  if (!purifier.isSupported) throw new Error('renderMarkdown needs a browser: without a DOM, nothing is sanitized');
  return purifier.sanitize(markdownToHtml(text), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
