/** A well-formed GIF of a few dozen bytes whose header claims `width` x `height` pixels (an image bomb's header). */
export function claimingGif(width: number, height: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0x80,
    0,
    0, // global colour table of 2 entries
    0,
    0,
    0,
    255,
    255,
    255,
    0x2c,
    0,
    0,
    0,
    0,
    ...u16(width),
    ...u16(height),
    0, // image descriptor
    2,
    2,
    0x4c,
    0x01,
    0, // LZW minimum code size, one data block, end
    0x3b,
  ]);
}
