/**
 * The API tokens (`#/settings/api-tokens`): the project's tokens and, as far as the account's role
 * allows (`admin::api-tokens.*`), making one (its value shown once), changing, regenerating (the new
 * value shown once) and revoking one.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { request } from '../../../lib/api.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { Ask } from '../../../ui/dialog.js';
import { LoadError } from '../../../ui/load-error.js';
import { Stamp } from '../../../ui/stamp.js';
import { loadTokens, tokenPath } from './token-data.js';
import { TokenForm } from './token-form.js';
import { TokenValue } from './token-value.js';

/**
 * @typedef {import('./token-data.js').Token} Token
 * @typedef {import('../../../lib/workspace.js').WorkspaceValue} WorkspaceValue
 * @typedef {'create' | 'update' | 'regenerate' | 'delete'} TokenAction
 */

/**
 * What shows over the list: a form, a question, or a value shown once.
 * @typedef {{ kind: 'create' } | { kind: 'edit' | 'regenerate' | 'revoke', token: Token }
 *   | { kind: 'value', token: Token, regenerated: boolean }} Over
 */

/**
 * When a token stops working: never, a date, or already.
 * @param {{ token: Token }} props
 */
function Expiry({ token }) {
  const t = strings.tokens;
  if (!token.expiresAt) return html`<span class="muted">${t.never}</span>`;
  const expired = Date.parse(token.expiresAt) <= Date.now();
  const badge = expired && html`<span class="badge badge-expired">${t.expired}</span> `;
  return html`${badge}<${Stamp} value=${token.expiresAt} />`;
}

/**
 * @typedef {object} TokenRowProps
 * @property {Token} token
 * @property {(action: TokenAction) => boolean} may
 * @property {(over: Over) => void} onOpen
 */

/** @param {TokenRowProps} props */
function TokenRow({ token, may, onOpen }) {
  const t = strings.tokens;
  const type = token.type === 'custom' ? t.customCount(token.permissions.length) : t.types[token.type];
  return html`<tr data-test=${`token-${token.name}`}>
    <th scope="row" class="col-title">
      ${token.name}
      ${token.description && html`<span class="row-note" data-test="token-description">${token.description}</span>`}
    </th>
    <td class="col-nowrap">${type}</td>
    <td>${token.lastUsedAt
      ? html`<${Stamp} value=${token.lastUsedAt} />` : html`<span class="muted">${t.never}</span>`}</td>
    <td><${Expiry} token=${token} /></td>
    <td class="row-actions">
      ${may('update') && html`<button type="button" data-test="edit-token" aria-label=${t.editNamed(token.name)}
        onClick=${() => onOpen({ kind: 'edit', token })}>${t.edit}</button>`}
      ${may('regenerate') && html`<button type="button" data-test="regenerate-token"
        aria-label=${t.regenerateNamed(token.name)} onClick=${() => onOpen({ kind: 'regenerate', token })}>
        ${t.regenerate}</button>`}
      ${may('delete') && html`<button type="button" class="danger-outline" data-test="revoke-token"
        aria-label=${t.revokeNamed(token.name)} onClick=${() => onOpen({ kind: 'revoke', token })}>
        ${t.revoke}</button>`}
    </td>
  </tr>`;
}

/**
 * The tokens' table, or why it could not be read.
 * @param {{ tokens: Token[] | Error | null, may: (action: TokenAction) => boolean, onOpen: (over: Over) => void,
 *   onRetry: () => void }} props
 */
function TokenTable({ tokens, may, onOpen, onRetry }) {
  const t = strings.tokens;
  if (tokens === null) return html`<p class="muted">${strings.page.loading}</p>`;
  if (tokens instanceof Error) return html`<${LoadError} error=${tokens} onRetry=${onRetry} />`;
  if (tokens.length === 0) return html`<p class="muted empty panel" data-test="no-tokens">${t.none}</p>`;
  return html`<div class="table-wrap">
    <table class="tokens" data-test="tokens">
      <caption class="visually-hidden">${strings.nav.apiTokens}</caption>
      <thead><tr>
        <th scope="col">${t.nameAndDescription}</th><th scope="col">${t.type}</th>
        <th scope="col">${t.lastUsed}</th><th scope="col">${t.expires}</th>
        <th scope="col"><span class="visually-hidden">${t.actionsColumn}</span></th>
      </tr></thead>
      <tbody>
        ${tokens.map((token) => html`<${TokenRow} key=${token.id} token=${token} may=${may} onOpen=${onOpen} />`)}
      </tbody>
    </table>
  </div>`;
}

/** @param {{ route: import('../../../lib/routes.js').Route, workspace: WorkspaceValue }} props */
export function ApiTokensScreen({ workspace }) {
  const t = strings.tokens;
  const { notify, permissions } = workspace;
  useTitle(strings.nav.apiTokens, strings.nav.settings);
  const [tokens, setTokens] = useState(/** @type {Token[] | Error | null} */ (null));
  const [attempt, setAttempt] = useState(0);
  const [over, setOver] = useState(/** @type {Over | null} */ (null));
  const [busy, setBusy] = useState(false);
  /** @param {TokenAction} action */
  const may = (action) => permissions.has(`admin::api-tokens.${action}`);

  useEffect(() => {
    let live = true;
    loadTokens().then((loaded) => live && setTokens(loaded), (error) => live && setTokens(error));
    return () => {
      live = false;
    };
  }, [attempt]);
  const refresh = () => setAttempt((count) => count + 1);
  const close = () => setOver(null);

  /** A form's answer: a new token's value is shown once; a change is said in the notice. */
  const saved = (token) => {
    refresh();
    if (token.accessKey) setOver({ kind: 'value', token, regenerated: false });
    else {
      close();
      notify('success', t.saved(token.name));
    }
  };
  /**
   * @param {string} method
   * @param {string} path
   * @param {(answer: Token) => void} done
   */
  const act = async (method, path, done) => {
    setBusy(true);
    try {
      done((await request(method, path)).data);
      refresh();
    } catch (error) {
      close();
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  const regenerate = (token) => act('POST', `${tokenPath(token.id)}/regenerate`,
    (answer) => setOver({ kind: 'value', token: answer, regenerated: true }));
  const revoke = (token) => act('DELETE', tokenPath(token.id), () => {
    close();
    notify('success', t.revoked(token.name));
  });

  return html`<section class="settings-view" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${strings.nav.apiTokens}</h1>
      ${may('create') && html`<button type="button" class="primary push-end" data-test="create-token"
        onClick=${() => setOver({ kind: 'create' })}>${t.createButton}</button>`}
    </header>
    <p class="muted lead">${t.lead}</p>
    <${TokenTable} tokens=${tokens} may=${may} onOpen=${setOver} onRetry=${refresh} />
    ${over?.kind === 'create' && html`<${TokenForm} token=${null} onSaved=${saved} onCancel=${close} />`}
    ${over?.kind === 'edit' && html`<${TokenForm} token=${over.token} onSaved=${saved} onCancel=${close} />`}
    ${over?.kind === 'value'
      && html`<${TokenValue} token=${over.token} regenerated=${over.regenerated} onClose=${close} />`}
    ${over?.kind === 'regenerate' && html`<${Ask} test="ask-regenerate" title=${t.regenerateTitle(over.token.name)}
      text=${t.regenerateText} actions=${[
        [t.regenerate, () => !busy && regenerate(over.token), { test: 'confirm-regenerate', kind: 'danger' }],
        [strings.actions.cancel, close, { test: 'cancel-regenerate' }],
      ]} />`}
    ${over?.kind === 'revoke' && html`<${Ask} test="ask-revoke" title=${t.revokeTitle(over.token.name)}
      text=${t.revokeText} actions=${[
        [t.revoke, () => !busy && revoke(over.token), { test: 'confirm-revoke', kind: 'danger' }],
        [strings.actions.cancel, close, { test: 'cancel-revoke' }],
      ]} />`}
  </section>`;
}
