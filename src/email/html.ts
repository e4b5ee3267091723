/**
 * Where in an email template's HTML each `{{NAME}}` placeholder sits, so that rendering can escape
 * a value for its place (element text, a URL attribute) and `checkTemplate` can refuse the places
 * where no escaping holds.
 */

/** Anything between `{{` and `}}`, so `{{ user name }}` is found (and rejected) too. */
export const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * - `text`: element content, or a quoted attribute value: `& < > " '` escaped.
 * - `url`: a quoted URL attribute (`href`, `src`, …): a trusted value (URL, SERVER_URL) is escaped as
 *   above, so an operator's `myapp://reset` deep link still works; any other value is also
 *   percent-encoded first, so `javascript:…` in a username becomes an inert relative path.
 * - `unsafe`: a tag or attribute name, an unquoted value, an `on…` handler or `style`, or the inside of
 *   a script, style or comment. {@link checkTemplate} rejects these; if one is rendered anyway, the
 *   value is left out, because no escaping holds in all of them (a browser decodes `&#x27;` inside
 *   `onclick="…"` before the script runs).
 */
export type HtmlContext = 'text' | 'url' | 'unsafe';

export interface PlacedPlaceholder {
  index: number;
  length: number;
  name: string;
  context: HtmlContext;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'cite', 'background', 'poster', 'srcset', 'xlink:href', 'data', 'longdesc', 'usemap']);
/** Elements whose content is not markup, so escaping does not protect a value inside them (RCDATA `title` and `textarea` decode references, so escaping works there). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

type ScanState =
  | 'text' | 'comment' | 'raw' | 'tag-name' | 'tag' | 'attribute-name' | 'after-attribute-name' | 'before-value'
  | 'double-quoted' | 'single-quoted' | 'unquoted';

function attributeContext(attribute: string): HtmlContext {
  if (attribute.startsWith('on') || attribute === 'style') return 'unsafe';
  return URL_ATTRIBUTES.has(attribute) ? 'url' : 'text';
}

/**
 * Finds each placeholder (`{{NAME}}`) in a template's html and the context it sits in. A small
 * tokenizer after the HTML spec's states, enough for email markup; it reads the template only,
 * never a value.
 * @example scanHtml('<a href="{{URL}}">{{CODE}}</a>') // [{ index: 9, length: 7, name: 'URL', context: 'url' }, { …, name: 'CODE', context: 'text' }]
 */
export function scanHtml(html: string): PlacedPlaceholder[] {
  const found: PlacedPlaceholder[] = [];
  const placeholder = new RegExp(PLACEHOLDER.source, 'y');
  let state: ScanState = 'text';
  let tagName = '';
  let closingTag = false;
  let attribute = '';
  let i = 0;

  const contextHere = (): HtmlContext => {
    switch (state) {
      case 'text':
        return 'text';
      case 'double-quoted':
      case 'single-quoted':
        return attributeContext(attribute);
      case 'comment':
      case 'raw':
      case 'tag-name':
      case 'tag':
      case 'attribute-name':
      case 'after-attribute-name':
      case 'before-value':
      case 'unquoted':
        return 'unsafe';
      default:
        return state satisfies never;
    }
  };
  const afterTag = (): ScanState => (!closingTag && RAW_TEXT_ELEMENTS.has(tagName) ? 'raw' : 'text');

  while (i < html.length) {
    placeholder.lastIndex = i;
    const match = placeholder.exec(html);
    if (match) {
      found.push({ index: i, length: match[0].length, name: match[1]!.trim(), context: contextHere() });
      // A placeholder in an attribute position still ends the name or starts an unquoted value.
      if (state === 'before-value') state = 'unquoted';
      i += match[0].length;
      continue;
    }
    const c = html[i]!;
    const space = /[\t\n\f\r ]/.test(c);
    switch (state) {
      case 'text':
        if (html.startsWith('<!--', i)) {
          state = 'comment';
          i += 4;
          continue;
        }
        if (c === '<' && /[A-Za-z/!?]/.test(html[i + 1] ?? '')) {
          closingTag = html[i + 1] === '/';
          tagName = '';
          state = 'tag-name';
          i += closingTag ? 2 : 1;
          continue;
        }
        break;
      case 'comment':
        if (html.startsWith('-->', i)) {
          state = 'text';
          i += 3;
          continue;
        }
        break;
      case 'raw':
        if (html.slice(i, i + 2 + tagName.length).toLowerCase() === `</${tagName}`) {
          state = 'text';
          continue; // the closing tag is read from the text state
        }
        break;
      case 'tag-name':
        if (c === '>') state = afterTag();
        else if (space || c === '/') state = 'tag';
        else tagName += c.toLowerCase();
        break;
      case 'tag':
        if (c === '>') state = afterTag();
        else if (!space && c !== '/') {
          attribute = c.toLowerCase();
          state = 'attribute-name';
        }
        break;
      case 'attribute-name':
        if (c === '>') state = afterTag();
        else if (c === '=') state = 'before-value';
        else if (space || c === '/') state = 'after-attribute-name';
        else attribute += c.toLowerCase();
        break;
      case 'after-attribute-name':
        if (c === '>') state = afterTag();
        else if (c === '=') state = 'before-value';
        else if (!space && c !== '/') {
          attribute = c.toLowerCase();
          state = 'attribute-name';
        }
        break;
      case 'before-value':
        if (c === '>') state = afterTag();
        else if (c === '"') state = 'double-quoted';
        else if (c === "'") state = 'single-quoted';
        else if (!space) state = 'unquoted';
        break;
      case 'double-quoted':
        if (c === '"') state = 'tag';
        break;
      case 'single-quoted':
        if (c === "'") state = 'tag';
        break;
      case 'unquoted':
        if (c === '>') state = afterTag();
        else if (space) state = 'tag';
        break;
      default:
        state satisfies never;
    }
    i++;
  }
  return found;
}
