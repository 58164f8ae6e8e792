import type { TextbookContent } from '@common/textbook';

/**
 * A textbook's content as UTF-8 JSON, serialized chapter by chapter. The bytes of a frozen
 * chapter (one shared, unchanged, between saved revisions; see textbook-state-cache.ts) are
 * kept and reused, and so are those of a frozen content as a whole: an autosave of a 5 MB
 * book serializes the one chapter that changed, and the database write and the PATCH answer
 * use the same bytes. Objects that are not frozen may still change, so they are serialized
 * every time. Bytes, not strings: they are what the driver and the socket want, and they stay
 * off the JavaScript heap, which a 5 MB string per save would keep the collector busy with.
 */
const chapterBytes = new WeakMap<object, Buffer>();
const contentBytes = new WeakMap<object, Buffer>();
const comma = Buffer.from(',');
const close = Buffer.from(']}');

type Chapter = TextbookContent['chapters'][number];

const isFrozenChapter = (ch: Chapter) =>
  Object.isFrozen(ch) && Object.isFrozen(ch.sections) && ch.sections.every((s) => Object.isFrozen(s));

function chapterJson(chapter: Chapter): Buffer {
  const known = chapterBytes.get(chapter);
  if (known) return known;
  const bytes = Buffer.from(JSON.stringify(chapter));
  if (isFrozenChapter(chapter)) chapterBytes.set(chapter, bytes);
  return bytes;
}

/** The bytes of JSON.stringify(content) (key order aside). Do not modify them: they may be shared. */
export function contentJson(content: TextbookContent): Buffer {
  const known = contentBytes.get(content);
  if (known) return known;
  const { chapters, ...rest } = content;
  const head = JSON.stringify(rest);
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)}${head === '{}' ? '' : ','}"chapters":[`)];
  chapters.forEach((ch, i) => {
    if (i) parts.push(comma);
    parts.push(chapterJson(ch));
  });
  parts.push(close);
  const bytes = Buffer.concat(parts);
  const frozen =
    Object.isFrozen(content) &&
    Object.isFrozen(chapters) &&
    Object.isFrozen(content.references) &&
    content.references.every((r) => Object.isFrozen(r));
  if (frozen && chapters.every(isFrozenChapter)) contentBytes.set(content, bytes);
  return bytes;
}

/**
 * A JSON object of `fields` plus `content`, as bytes: a content object is serialized as
 * contentJson does; JSON text already made (the stored column's text) goes in as it is.
 */
export function jsonWithContent(fields: object, content: TextbookContent | Buffer | string): Buffer {
  const rest = JSON.stringify({ ...fields, content: undefined });
  const body = Buffer.isBuffer(content) ? content : typeof content === 'string' ? Buffer.from(content) : contentJson(content);
  return Buffer.concat([Buffer.from('{"content":'), body, Buffer.from(rest === '{}' ? '}' : `,${rest.slice(1)}`)]);
}
