/** The file as a model (`plugin::upload.file`): what filters, sort and fields of `GET /api/upload/files` may name. */
import type { Model } from '../model/index.js';

export const FILE_UID = 'plugin::upload.file';

export const fileModel: Model = Object.freeze({
  uid: FILE_UID,
  attributes: {
    name: { type: 'string' },
    alternativeText: { type: 'text' },
    caption: { type: 'text' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    formats: { type: 'json' },
    hash: { type: 'string' },
    ext: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'decimal' },
    url: { type: 'string' },
    previewUrl: { type: 'string' },
    provider: { type: 'string' },
    provider_metadata: { type: 'json' },
  },
  localized: false,
  draftAndPublish: false,
  isComponent: false,
} as Model);
