/**
 * The landing page (`graphql.landingPage: true`): a form that sends a query to the endpoint with
 * GET and shows the JSON answer. It has no script and loads nothing from elsewhere, so it works
 * under the server's Content-Security-Policy; mutations need a client (POST).
 */
const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @example landingPage('/graphql', '{ articles { title } }') */
export function landingPage(path: string, example: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>GraphQL · foliocms</title>
<style>body{font:16px system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}textarea{width:100%;font:14px ui-monospace,monospace}button{font-size:1rem;padding:.4rem 1rem}</style></head>
<body>
<h1>GraphQL</h1>
<p>Queries sent here are answered as by Strapi's GraphQL plugin. The answer opens as JSON; mutations must be sent with POST, from a client.</p>
<form method="get" action="${escape(path)}">
<p><label for="query">Query</label><br><textarea id="query" name="query" rows="14">${escape(example)}</textarea></p>
<p><label for="variables">Variables (JSON)</label><br><textarea id="variables" name="variables" rows="3"></textarea></p>
<p><button type="submit">Run</button></p>
</form>
</body>
</html>
`;
}
