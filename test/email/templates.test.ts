import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defaults, type EmailTemplate } from '../../src/config/index.js';
import { checkTemplate, renderTemplate, type TemplateVariables } from '../../src/email/index.js';
import { ProjectFileError } from '../../src/errors.js';
import { expectError } from '../_helpers/index.js';

const TOKEN = 'a1b2c3'.repeat(20);
const variables: TemplateVariables = {
  URL: 'https://site.example/reset',
  SERVER_URL: 'https://api.example',
  CODE: 'c0ffee',
  TOKEN,
  USER: { id: 7, username: 'ada', email: 'ada@example.com' },
};

function template(html: string, text = 'text', subject = 'subject'): EmailTemplate {
  return { subject, text, html };
}

function withUsername(username: string): TemplateVariables {
  return { ...variables, USER: { ...variables.USER, username } };
}

// ---------------------------------------------------------------------------------------------

const render = suite('renderTemplate(template, variables)');

render('should replace every placeholder in subject, text and html', () => {
  const all = '{{URL}} {{SERVER_URL}} {{CODE}} {{TOKEN}} {{USER.username}} {{USER.email}} {{USER.id}}';
  const expected = `https://site.example/reset https://api.example c0ffee ${TOKEN} ada ada@example.com 7`;
  const email = renderTemplate({ subject: all, text: all, html: `<p>${all}</p>` }, variables);
  assert.is(email.subject, expected);
  assert.is(email.text, expected);
  assert.is(email.html, `<p>${expected}</p>`);
});

render('should accept spaces inside the braces', () => {
  assert.is(renderTemplate(template('<p>{{ CODE }}</p>', '{{  URL }}'), variables).text, 'https://site.example/reset');
  assert.is(renderTemplate(template('<p>{{ CODE }}</p>'), variables).html, '<p>c0ffee</p>');
});

render('should render a missing value as an empty string', () => {
  const email = renderTemplate(template('<p>[{{URL}}][{{USER.email}}][{{USER.id}}]</p>', '[{{TOKEN}}][{{USER.username}}]'), {});
  assert.is(email.text, '[][]');
  assert.is(email.html, '<p>[][][]</p>');
});

render('should put the code and the token into the default emails’ links', () => {
  const reset = renderTemplate(defaults.email.templates.resetPassword, variables);
  assert.ok(reset.text.includes(`https://site.example/reset?code=${TOKEN}`));
  assert.ok(reset.html.includes(`<a href="https://site.example/reset?code=${TOKEN}">`));
  assert.is(reset.subject, 'Reset password');
  const confirm = renderTemplate(defaults.email.templates.emailConfirmation, { ...variables, URL: 'https://api.example/api/auth/email-confirmation' });
  assert.ok(confirm.text.includes('https://api.example/api/auth/email-confirmation?confirmation=c0ffee'));
  assert.ok(confirm.html.includes('href="https://api.example/api/auth/email-confirmation?confirmation=c0ffee"'));
});

render('should escape & < > " and \' in html and insert values as they are in text', () => {
  const email = renderTemplate(template('<p>{{USER.username}}</p><a title="{{USER.username}}">x</a>', '{{USER.username}}'), withUsername(`Tom & "Jerry" <'b'>`));
  assert.is(email.text, `Tom & "Jerry" <'b'>`);
  assert.is(email.html, '<p>Tom &amp; &quot;Jerry&quot; &lt;&#39;b&#39;&gt;</p><a title="Tom &amp; &quot;Jerry&quot; &lt;&#39;b&#39;&gt;">x</a>');
});

render('when a username is an img tag with an onerror handler then the html holds no tag of it', () => {
  const { html } = renderTemplate(template('<p>Hello {{USER.username}}</p>'), withUsername('<img src=x onerror=alert(1)>'));
  assert.is(html, '<p>Hello &lt;img src=x onerror=alert(1)&gt;</p>');
  assert.not.match(html, /<img/);
});

render('when a username is {{TOKEN}} then it stays that text (one pass, no second expansion)', () => {
  const email = renderTemplate(template('<p>{{USER.username}}</p>', 'Hi {{USER.username}}', 'For {{USER.username}}'), withUsername('{{TOKEN}}'));
  assert.is(email.text, 'Hi {{TOKEN}}');
  assert.is(email.subject, 'For {{TOKEN}}');
  assert.is(email.html, '<p>{{TOKEN}}</p>');
  assert.not.ok(`${email.text}${email.html}${email.subject}`.includes(TOKEN));
});

render('when a username breaks out of an attribute with "><a href=javascript:…> then it stays inside the attribute', () => {
  const evil = '"><a href=javascript:alert(1)>x</a>';
  const { html } = renderTemplate(template('<p title="{{USER.username}}">{{USER.username}}</p><a href="{{URL}}?u={{USER.username}}">go</a>'), withUsername(evil));
  assert.is(html.match(/<a\b/g)?.length, 1, 'only the template’s own link is a tag');
  assert.ok(html.includes('<p title="&quot;&gt;&lt;a href=javascript:alert(1)&gt;x&lt;/a&gt;">'));
  assert.ok(html.includes(`<a href="https://site.example/reset?u=${encodeURIComponent(evil)}">go</a>`));
});

render('when a user value starts a link then a javascript: scheme is percent-encoded into an inert path', () => {
  const { html } = renderTemplate(template('<a href="{{USER.username}}">x</a><img src=\'{{USER.email}}\'>'), { USER: { username: 'javascript:alert(1)', email: 'data:text/html,<b>' } });
  assert.is(html, '<a href="javascript%3Aalert(1)">x</a><img src=\'data%3Atext%2Fhtml%2C%3Cb%3E\'>');
});

render('should keep an operator’s URL in a link as configured, deep-link schemes included', () => {
  const { html } = renderTemplate(template('<a href="{{URL}}?code={{TOKEN}}">{{URL}}</a>'), { URL: 'myapp://reset', TOKEN: 'abc' });
  assert.is(html, '<a href="myapp://reset?code=abc">myapp://reset</a>');
  const withQuery = renderTemplate(template('<a href="{{URL}}&code={{TOKEN}}">x</a>'), { URL: 'https://site.example/?from=mail', TOKEN: 'abc' });
  assert.is(withQuery.html, '<a href="https://site.example/?from=mail&code=abc">x</a>');
});

render('should turn line breaks in the subject into spaces so a value cannot add a header', () => {
  const { subject } = renderTemplate(template('<p></p>', 'x', 'Hi {{USER.username}}\r\n'), withUsername('ada\r\nBcc: victim@example.com\nX-Evil: 1'));
  assert.not.match(subject, /[\r\n]/);
  assert.is(subject, 'Hi ada Bcc: victim@example.com X-Evil: 1 ');
});

render('when a value sits where escaping cannot help then it is left out', () => {
  const { html } = renderTemplate(template('<a title={{USER.username}} onclick="f(\'{{USER.id}}\')">x</a><script>var u = "{{USER.email}}";</script><!-- {{CODE}} --><p>{{CODE}}</p>'), {
    USER: { id: "1');alert('x", username: 'x onmouseover=alert(1)', email: '";alert(1);"' },
    CODE: '--><b>',
  });
  assert.is(html, '<a title= onclick="f(\'\')">x</a><script>var u = "";</script><!--  --><p>--&gt;&lt;b&gt;</p>');
});

render('should leave an unknown placeholder as it is (checkTemplate rejects it at startup)', () => {
  const email = renderTemplate(template('<p>{{USER.password}}</p>', '{{NOPE}} {{CODE}}'), variables);
  assert.is(email.text, '{{NOPE}} c0ffee');
  assert.is(email.html, '<p>{{USER.password}}</p>');
});

render('should survive a username with a lone surrogate in a link', () => {
  const { html } = renderTemplate(template('<a href="{{URL}}?u={{USER.username}}">x</a>'), withUsername('a\uD800b'));
  assert.ok(html.includes('?u=a%EF%BF%BDb'));
});

render.run();

// ---------------------------------------------------------------------------------------------

const check = suite('checkTemplate(template, file, key)');

check('should accept both default templates', () => {
  checkTemplate(defaults.email.templates.resetPassword, 'config/email.yaml', 'templates.resetPassword');
  checkTemplate(defaults.email.templates.emailConfirmation, 'config/email.yaml', 'templates.emailConfirmation');
});

check('should accept every known placeholder in text and in quoted attributes', () => {
  const all = '{{URL}} {{SERVER_URL}} {{CODE}} {{TOKEN}} {{USER.username}} {{USER.email}} {{ USER.id }}';
  checkTemplate({ subject: all, text: all, html: `<p title="{{USER.username}}">${all}</p><a href='{{URL}}?c={{CODE}}'>x</a>` }, 'config/email.yaml', 'templates.resetPassword');
});

check('when a placeholder is misspelt then the error names the file, key, placeholder and a suggestion', () => {
  const message = expectError(() => checkTemplate(template('<p></p>', 'Go to {{URL}}?code={{TOKN}}'), 'config/email.yaml', 'templates.resetPassword'), ProjectFileError).message;
  assert.ok(message.startsWith('config/email.yaml: templates.resetPassword.text uses the unknown placeholder {{TOKN}}; did you mean "{{TOKEN}}"?'), message);
  assert.ok(message.includes('{{USER.username}}'), 'lists the known placeholders');
});

check('when a placeholder names a user field outside the fixed set then it is rejected', () => {
  const message = expectError(() => checkTemplate(template('<p>{{USER.password}}</p>'), 'config/email.yaml', 'templates.emailConfirmation'), ProjectFileError).message;
  assert.ok(message.startsWith('config/email.yaml: templates.emailConfirmation.html uses the unknown placeholder {{USER.password}}'), message);
});

check('when braces hold something that is not a name then it is rejected', () => {
  const message = expectError(() => checkTemplate(template('<p></p>', 'x', 'Hi {{ user name }}'), 'config/email.yaml', 'templates.resetPassword'), ProjectFileError).message;
  assert.ok(message.includes('templates.resetPassword.subject uses the unknown placeholder {{ user name }}'), message);
});

check('when a placeholder sits where escaping cannot make it safe then it is rejected', () => {
  const unsafe = [
    '<a title={{USER.username}}>x</a>',
    '<a onclick="go(\'{{USER.username}}\')">x</a>',
    '<p style="color: {{USER.username}}">x</p>',
    '<script>var u = "{{USER.username}}";</script>',
    '<style>p { color: {{USER.username}} }</style>',
    '<!-- {{USER.username}} -->',
    '<noscript>{{USER.username}}</noscript>',
    '<p {{USER.username}}>x</p>',
  ];
  for (const html of unsafe) {
    const message = expectError(() => checkTemplate(template(html), 'config/email.yaml', 'templates.resetPassword'), ProjectFileError).message;
    assert.ok(message.startsWith('config/email.yaml: templates.resetPassword.html places {{USER.username}} where escaping cannot make a value safe'), `${html}: ${message}`);
  }
});

check('should accept a placeholder after a script element or comment has closed, and in a title', () => {
  checkTemplate(template('<html><head><title>Hi {{USER.username}}</title></head><script>var a = "</p>";</script><p>{{USER.username}}</p><!-- note --><b>{{CODE}}</b></html>'), 'config/email.yaml', 'templates.resetPassword');
});

check.run();
