/**
 * styles.xml read once for every Word reader: each style's id, type, name, the style it is based on, and the few
 * properties the readers ask of it (bold, size and capitals of its text, its outline level). A property a style does not
 * set it takes from the style it is based on, and so on up; `upChain` walks that chain for any of them.
 */

/** One w:style element of styles.xml. */
export interface WordStyle {
  id: string;
  /** w:type: "paragraph", "character", "table" or "numbering". */
  type?: string;
  /** Word's name for it ("heading 1", "toc 2", "Title"): the English name whatever the language shown. */
  name?: string;
  basedOn?: string;
  /** Set or cleared by the style itself (w:b, w:caps in its run properties); undefined when it says nothing. */
  bold?: boolean;
  caps?: boolean;
  /** Its text's size in half points (w:sz). */
  size?: number;
  /** w:outlineLvl (0 = top; 9 is Word's body text). */
  outlineLevel?: number;
  /** The XML inside the element, for what only one reader asks (a list style's w:numPr). */
  xml: string;
}

/** A toggle property as Word writes it: present and on unless its value says off. */
const toggle = (runProps: string, name: string): boolean | undefined => {
  const m = new RegExp(`<${name}(?:\\s+w:val="([^"]*)")?\\s*\\/>`).exec(runProps);
  return m ? !/^(0|false|off)$/i.test(m[1] ?? 'true') : undefined;
};

/** Every style of styles.xml in the order written (the same id twice stays twice: each reader keeps what it did). */
export function readWordStyles(stylesXml: string | undefined): WordStyle[] {
  const out: WordStyle[] = [];
  for (const m of (stylesXml ?? '').matchAll(/<w:style\b([^>]*w:styleId="([^"]+)"[^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const [, attrs, id, xml] = m;
    const runProps = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(xml)?.[1] ?? '';
    const size = /<w:sz w:val="(\d+)"/.exec(runProps)?.[1];
    const level = /<w:outlineLvl w:val="(\d+)"/.exec(xml)?.[1];
    const bold = toggle(runProps, 'w:b');
    const caps = toggle(runProps, 'w:caps');
    out.push({
      id,
      type: /w:type="([^"]*)"/.exec(attrs)?.[1],
      name: /<w:name w:val="([^"]+)"/.exec(xml)?.[1],
      basedOn: /<w:basedOn w:val="([^"]+)"/.exec(xml)?.[1],
      ...(bold !== undefined ? { bold } : {}),
      ...(caps !== undefined ? { caps } : {}),
      ...(size !== undefined ? { size: Number(size) } : {}),
      ...(level !== undefined ? { outlineLevel: Number(level) } : {}),
      xml,
    });
  }
  return out;
}

/** The styles by id (a later style of the same id over an earlier one), those `keep` accepts only. */
export function styleTable(styles: WordStyle[], keep: (s: WordStyle) => boolean = () => true): Map<string, WordStyle> {
  return new Map(styles.filter(keep).map((s) => [s.id, s]));
}

/**
 * The first value `pick` finds on a style or up the styles it is based on; undefined when none gives one, the chain
 * leaves the table, or it is longer than `steps` (a chain that loops on itself ends there).
 */
export function upChain<T>(
  table: Map<string, WordStyle>,
  id: string | undefined,
  pick: (s: WordStyle) => T | undefined,
  steps = 10,
): T | undefined {
  for (let at = id, i = 0; at && i < steps; i++) {
    const s = table.get(at);
    const value = s && pick(s);
    if (value !== undefined) return value;
    at = s?.basedOn;
  }
  return undefined;
}
