/**
 * The content service of a running project stays one object while what stands behind it is rebuilt
 * (content types changed on disk): writes wait while the next one is built from the files, so that
 * no write lands between the disk it reads and the service it replaces.
 */
import type { ContentService } from '../content/index.js';
import { NotFoundError } from '../errors.js';
import { messages } from '../messages.js';
import type { ContentType, Schemas } from '../schema/index.js';

export interface LiveContent {
  /** Always the current service; hand it out once. */
  content: ContentService;
  /**
   * Waits for the writes in progress, holds new ones, and runs `build`: what it answers becomes the
   * service (`undefined`: the current one stays). Writes go on once it settles.
   */
  replace(build: () => Promise<{ content: ContentService; schemas: Schemas } | undefined>): Promise<void>;
}

/**
 * @example const live = createLiveContent(content, schemas); startServer(...live.content...); await live.replace(rebuild);
 */
export function createLiveContent(initial: ContentService, initialSchemas: Schemas): LiveContent {
  let current = initial;
  let schemas = initialSchemas;
  let writing = 0;
  let drained: (() => void) | undefined;
  let held: Promise<void> | undefined;

  /** A request routed just before a swap carries the type it was routed with: the current one of that name serves it. */
  function currentType(type: ContentType): ContentType {
    const now = schemas.bySingular(type.singularName);
    if (!now) throw new NotFoundError(messages.notFound);
    return now;
  }

  async function write<T>(run: (service: ContentService) => Promise<T>): Promise<T> {
    while (held) await held;
    writing++;
    try {
      return await run(current);
    } finally {
      writing--;
      if (writing === 0) drained?.();
    }
  }

  const content: ContentService = {
    modelsFor: (actor) => current.modelsFor(actor),
    findJson: (type, querystring, models, source, call) => current.findJson(currentType(type), querystring, models, source, call),
    findOneJson: (type, documentId, query, source, call) => current.findOneJson(currentType(type), documentId, query, source, call),
    findSingleJson: (type, query, source, call) => current.findSingleJson(currentType(type), query, source, call),
    stateTag: (type, documentId, locale) => current.stateTag(currentType(type), documentId, locale),
    // The service itself is part of the state: a new one (content types changed) starts its own counts.
    contentState: () => {
      const state = current.contentState();
      return state && [current, ...state];
    },
    findMany: (type, params, actor, request) => current.findMany(currentType(type), params, actor, request),
    findFirst: (type, params, actor, request) => current.findFirst(currentType(type), params, actor, request),
    findOne: (type, params, actor, request) => current.findOne(currentType(type), params, actor, request),
    count: (type, params, actor, request) => current.count(currentType(type), params, actor, request),
    create: (type, data, options) => write((service) => service.create(currentType(type), data, options)),
    update: (type, documentId, data, options) => write((service) => service.update(currentType(type), documentId, data, options)),
    updateSingle: (type, data, options) => write((service) => service.updateSingle(currentType(type), data, options)),
    remove: (type, documentId, options) => write((service) => service.remove(currentType(type), documentId, options)),
    removeSingle: (type, options) => write((service) => service.removeSingle(currentType(type), options)),
    draftAction: (action, type, documentId, options) => write((service) => service.draftAction(action, currentType(type), documentId, options)),
    draftActionSingle: (action, type, options) => write((service) => service.draftActionSingle(action, currentType(type), options)),
    noteChangedOnDisk: (type, documentId) => current.noteChangedOnDisk(currentType(type), documentId),
    syncFromDisk: (type, documentId) => write((service) => service.syncFromDisk(currentType(type), documentId)),
    syncTypeFromDisk: (type) => write((service) => service.syncTypeFromDisk(currentType(type))),
    unlinkFile: (fileId, actor) => write((service) => service.unlinkFile(fileId, actor)),
    fileUses: (fileId, actor) => current.fileUses(fileId, actor),
    mediaTarget: (request, actor, via) => write((service) => service.mediaTarget(request, actor, via)),
    linkFiles: (target, fileIds, actor) => write((service) => service.linkFiles({ ...target, type: currentType(target.type) }, fileIds, actor)),
    history: (type, documentId, options) => current.history(currentType(type), documentId, options),
    historyVersion: (type, documentId, version, options) => current.historyVersion(currentType(type), documentId, version, options),
    restore: (type, documentId, version, options) => write((service) => service.restore(currentType(type), documentId, version, options)),
    singleDocument: (type) => current.singleDocument(currentType(type)),
  };

  async function replace(build: () => Promise<{ content: ContentService; schemas: Schemas } | undefined>): Promise<void> {
    while (held) await held;
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    try {
      if (writing > 0) await new Promise<void>((resolve) => (drained = resolve));
      drained = undefined;
      const next = await build();
      if (next) ({ content: current, schemas } = next);
    } finally {
      held = undefined;
      release();
    }
  }

  return { content, replace };
}
