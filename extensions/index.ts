/**
 * The sample project's own code (docs/custom-code.md): a document middleware that fills an
 * article's slug from its title when it has none, and `POST /api/articles/:documentId/like`, a
 * counter with its own permission (`api::article.article.like`, granted to Authenticated).
 */
import { errors, type Folio } from 'foliocms';

const ARTICLE = 'api::article.article';

/** `Ça, c'est Koa!` → `ca-c-est-koa` */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export default {
  register(folio: Folio) {
    folio.documents.use(async (context, next) => {
      if (context.uid !== ARTICLE || (context.action !== 'create' && context.action !== 'update')) return next();
      const { params } = context;
      const data = params.data as Record<string, unknown> | undefined;
      if (typeof data !== 'object' || data === null || typeof data.title !== 'string' || data.slug) return next();
      // An update keeps the slug the article has; only an empty one is filled.
      if (context.action === 'update') {
        const current = await folio.documents(ARTICLE).findOne({ documentId: String(params.documentId), locale: params.locale as string | undefined });
        if (current?.slug) return next();
      }
      const base = slugify(data.title) || 'article';
      let slug = base;
      // A slug is unique: `koa-2`, `koa-3`… when another document has it.
      for (let n = 2; (await folio.documents(ARTICLE).count({ filters: { slug, documentId: { $ne: params.documentId ?? '' } }, locale: '*' })) > 0; n++) slug = `${base}-${n}`;
      data.slug = slug;
      return next();
    });

    folio.routes.add({
      method: 'POST',
      path: '/articles/:documentId/like',
      async handler(ctx) {
        // As the system: liking is not editing, and a reader may like what they may not update.
        const articles = folio.documents(ARTICLE);
        const documentId = ctx.params.documentId ?? '';
        const locale = typeof ctx.query.locale === 'string' ? ctx.query.locale : undefined;
        const published = await articles.findOne({ documentId, locale, status: 'published' });
        if (!published) throw new errors.NotFoundError('Article not found');
        const draft = await articles.findOne({ documentId, locale });
        const likes = (typeof published.likes === 'number' ? published.likes : 0) + 1;
        // Publishing carries the count to readers; a draft with edits of its own is not published by a like.
        const unchanged = draft !== null && JSON.stringify(editable(draft)) === JSON.stringify(editable(published));
        await articles.update({ documentId, locale, data: { likes }, status: unchanged ? 'published' : 'draft' });
        return { data: { documentId, likes } };
      },
    });
  },
};

/** A version's attributes without its counter and stamps: what an editor changes. */
function editable(version: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, likes: _likes, createdAt: _created, updatedAt: _updated, publishedAt: _published, ...rest } = version;
  return rest;
}
