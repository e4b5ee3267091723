/**
 * What an image is, and Strapi's responsive formats of it, with sharp: width and height of any
 * image it can read, a thumbnail (fit inside 245×156) and one format per breakpoint, each made only
 * when the original is larger than it.
 */
import type { Sharp, SharpOptions } from 'sharp';

/** An image's bytes, or the path of the file that holds them. */
export type ImageInput = Uint8Array | string;

/** sharp, loaded at the first image: it adds about 65 ms to the start of a server that may never see one. */
let loaded: Promise<(input: ImageInput, options?: SharpOptions) => Sharp> | undefined;
function sharp(input: ImageInput, options?: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded.then((make) => make(input, options));
}

/** Images that get responsive formats, as in Strapi (SVG and AVIF, read as heif, get their width and height only). */
const RESIZABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const MEASURABLE = new Set([...RESIZABLE, 'svg', 'heif']);
const THUMBNAIL = { width: 245, height: 156 };

/** One format as made, before it is stored: its bytes and what a file object says of it. */
export interface MadeFormat {
  key: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageFacts {
  width: number;
  height: number;
  /** sharp's name of the image format: `jpeg`, `png`, `svg`, … */
  format: string;
}

/**
 * Width, height and format of an image, or undefined for bytes that are not one sharp reads.
 * @example await measure(incoming.path) // { width: 1200, height: 800, format: 'jpeg' }
 */
export async function measure(input: ImageInput): Promise<ImageFacts | undefined> {
  try {
    const { width, height, format, orientation } = await (await sharp(input)).metadata();
    if (!width || !height || !format || !MEASURABLE.has(format)) return undefined;
    // EXIF orientations 5 to 8 turn the picture a quarter: its width is the stored height.
    return orientation !== undefined && orientation >= 5 ? { width: height, height: width, format } : { width, height, format };
  } catch {
    return undefined;
  }
}

/**
 * The thumbnail and the breakpoint formats of an image: each fits inside its box, in the original's
 * encoding, and is made only when the original exceeds the box. Its pixels are read whole even when
 * no format is made, so that an image whose header is whole but whose data is cut short or corrupt
 * is refused here (it rejects), never stored as one.
 * @example await makeFormats(path, facts, { large: 1000, medium: 750, small: 500 })
 */
export async function makeFormats(input: ImageInput, facts: ImageFacts, breakpoints: Record<string, number>): Promise<MadeFormat[]> {
  if (!RESIZABLE.has(facts.format)) return [];
  const animated = facts.format === 'gif' || facts.format === 'webp';
  const boxes: Array<[string, { width: number; height: number }]> = [];
  if (facts.width > THUMBNAIL.width || facts.height > THUMBNAIL.height) boxes.push(['thumbnail', THUMBNAIL]);
  for (const [key, size] of Object.entries(breakpoints)) {
    if (facts.width > size || facts.height > size) boxes.push([key, { width: size, height: size }]);
  }
  if (boxes.length === 0) {
    await (await sharp(input, { animated })).stats();
    return [];
  }
  return Promise.all(
    boxes.map(async ([key, box]) => {
      const { data, info } = await (await sharp(input, { animated }))
        .rotate()
        .resize({ ...box, fit: 'inside', withoutEnlargement: true })
        .toBuffer({ resolveWithObject: true });
      return { key, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
    }),
  );
}
