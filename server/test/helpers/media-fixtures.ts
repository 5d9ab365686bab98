/**
 * Tiny byte fixtures whose magic bytes identify them as PNG, JPEG, GIF, WebP, MP3, MP4 and WebM
 * (enough for type detection; not meant to be decoded), and a padding helper for size tests.
 */

/** A real 1×1 PNG (67 bytes). */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A JFIF header, filler and the end marker. */
export const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

/** A GIF89a header and trailer. */
export const gif = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
  Buffer.from([0x3b]),
]);

/** RIFF/WEBP header with a VP8L chunk tag. */
export const webp = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.alloc(18),
]);

/** Three MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
export const mp3 = Buffer.concat(
  [0, 1, 2].map(() => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])),
);

/** An ISO BMFF `ftyp` box (brand isom) and an empty `mdat`. */
export const mp4 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0x00, 0x00, 0x02, 0x00]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.from([0x00, 0x00, 0x00, 0x08]),
  Buffer.from('mdat', 'latin1'),
]);

/** An EBML header with DocType webm, then a Segment of unknown size. */
export const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]),
  Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  Buffer.alloc(32),
]);

/** `fixture` followed by zero bytes up to `size` bytes in total. */
export function padTo(fixture: Buffer, size: number): Buffer {
  return Buffer.concat([fixture, Buffer.alloc(Math.max(0, size - fixture.length))]);
}
