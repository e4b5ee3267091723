/**
 * Whether the bytes of a video or an audio file are one: the signatures of the containers browsers
 * play. A file declared as video or audio whose bytes match none is stored as a plain file, so an
 * attribute that takes only videos or audios never links it.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** ISO base media (MP4, MOV, M4A, 3GP): a `ftyp` box first. */
const isIsoMedia = (bytes: Uint8Array) => startsWith(bytes, ascii('ftyp'), 4);
/** Matroska and WebM. */
const isEbml = (bytes: Uint8Array) => startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]);
const isOgg = (bytes: Uint8Array) => startsWith(bytes, ascii('OggS'));
const isRiff = (bytes: Uint8Array, kind: string) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii(kind), 8);
/** MPEG audio: an ID3 tag, or a frame sync. */
const isMpegAudio = (bytes: Uint8Array) => startsWith(bytes, ascii('ID3')) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);
const isFlac = (bytes: Uint8Array) => startsWith(bytes, ascii('fLaC'));
/** MPEG transport and program streams. */
const isMpegVideo = (bytes: Uint8Array) => bytes[0] === 0x47 || startsWith(bytes, [0x00, 0x00, 0x01, 0xba]);

/**
 * @example playable(bytes, 'video/mp4') // true for an MP4, false for an HTML page named clip.mp4
 */
export function playable(bytes: Uint8Array, mime: string): boolean {
  if (mime.startsWith('video/')) return isIsoMedia(bytes) || isEbml(bytes) || isOgg(bytes) || isRiff(bytes, 'AVI ') || isMpegVideo(bytes);
  if (mime.startsWith('audio/')) return isIsoMedia(bytes) || isOgg(bytes) || isRiff(bytes, 'WAVE') || isMpegAudio(bytes) || isFlac(bytes) || isEbml(bytes);
  return true;
}
