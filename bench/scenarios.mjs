// The requests of the benchmark's scenarios, as autocannon options for a server at `url`: shared
// by the full run (run.mjs) and the side-by-side comparison of a setting (compare.mjs).

/** The paths of the read scenarios; `one` asks for the middle article. */
export function readPaths(articles) {
  return {
    list: '/api/articles?locale=fr',
    query: '/api/articles?filters[views][$gte]=1000&filters[views][$lt]=8000&filters[title][$containsi]=lorem&sort=views:desc&pagination[pageSize]=25&populate=category',
    one: `/api/articles/${articles[Math.floor(articles.length / 2)]}`,
    // The REST side of `graphql-list`: the same page of the same articles (default locale,
    // published), each with its category.
    listPopulated: '/api/articles?pagination[pageSize]=25&populate=category',
  };
}

/** The query of `graphql-list`: what a site asks of Strapi's GraphQL plugin for a page of titles with their category. */
export const GRAPHQL_LIST = '{ articles(pagination: { pageSize: 25 }) { title category { name } } }';

/** POST /graphql of `GRAPHQL_LIST`, as a client of the GraphQL plugin sends it. */
export function graphqlListOptions(url) {
  return { url: `${url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: GRAPHQL_LIST }) };
}

/**
 * The read scenarios by name, each its autocannon options for a server at `url` (`connections`
 * left to the caller): `list-populated` and `graphql-list` ask for the same page, by REST and by
 * GraphQL.
 */
const READ_OPTIONS = {
  list: (url, paths) => ({ url: url + paths.list }),
  query: (url, paths) => ({ url: url + paths.query }),
  one: (url, paths) => ({ url: url + paths.one }),
  'list-populated': (url, paths) => ({ url: url + paths.listPopulated }),
  'graphql-list': (url) => graphqlListOptions(url),
};

/** The names of the read scenarios, in the order they take turns. */
export const READS = Object.keys(READ_OPTIONS);

/** The autocannon options of the read `name` for the server at `url`. */
export const readOptions = (name, url, articles) => READ_OPTIONS[name](url, readPaths(articles));

const section = { heading: 'Benchmark', body: 'A repeatable component entry' };

/** POST of a new article with a repeatable component, 10 at a time: a durable create each. */
export function createOptions(url) {
  return {
    url: `${url}/api/articles`,
    connections: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'Created by the benchmark', views: 1, sections: [section, section] } }),
  };
}

/** PUT of the articles in turn, 10 at a time: a durable update each. */
export function updateOptions(url, articles) {
  let next = 0;
  return {
    url,
    connections: 10,
    requests: [{
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, path: `/api/articles/${articles[next++ % articles.length]}`, body: JSON.stringify({ data: { views: next, sections: [section] } }) }),
    }],
  };
}

/**
 * A photo of about 200 KB (1600×1067, JPEG): noise, blurred, so it compresses as a real one does.
 * Every upload of it makes the thumbnail and the large, medium and small formats.
 */
export async function benchPhoto() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 1600, height: 1067, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 22 } } }).blur(1.15).jpeg({ quality: 80 }).toBuffer();
}

/** POST /api/upload of `photo` as multipart, 4 at a time: a durable upload with its formats each. */
export function uploadOptions(url, photo) {
  const boundary = 'folio-bench-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { url: `${url}/api/upload`, connections: 4, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}
