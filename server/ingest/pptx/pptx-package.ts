import JSZip from 'jszip';
import { ExtractError } from '../extract-error';
import { descendants, kids, local, numAttr, parseXml, path, type XmlEl } from './pptx-xml';

/** A part's relationships by id: the target part's path in the package (or the external URL) and its type. */
export type Rels = Map<string, { target: string; type: string; external: boolean }>;

/** One slide as the package stores it, in the deck's order. */
export interface SlidePart {
  /** 1-based position in the deck (presentation.xml's sldIdLst), not the part's file name. */
  number: number;
  /** The slide's id in sldIdLst (sections list slides by it). */
  id: string;
  root: XmlEl;
  rels: Rels;
  layout?: XmlEl;
  master?: XmlEl;
  notes?: XmlEl;
  /** SmartArt diagrams' data parts by relationship id (their text lives there, not in the slide). */
  diagrams: Map<string, XmlEl>;
  /** Hidden in the slide show (p:sld show="0"). */
  hidden: boolean;
}

export interface DeckPackage {
  zip: JSZip;
  slides: SlidePart[];
  /** Slide height in EMU (presentation.xml sldSz), for reading order. */
  height: number;
  /** The deck's sections (p14:sectionLst): the name and the slide ids each one holds, in order. */
  sections: Array<{ name: string; ids: string[] }>;
  /** Slides listed beyond the cap, not read. */
  skippedSlides: number;
}

/** More slides than any lecture has; each costs some parsing, so a deck of 100,000 empty slides is capped. */
export const maxSlides = 1000;

/** "../media/image1.png" seen from "ppt/slides/slide1.xml" -> "ppt/media/image1.png". */
export function resolvePart(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

const relsPath = (part: string) => {
  const dir = part.split('/').slice(0, -1).join('/');
  return `${dir}/_rels/${part.split('/').pop()}.rels`;
};

async function readText(zip: JSZip, part: string): Promise<string | undefined> {
  return zip.file(part)?.async('string');
}

async function readRels(zip: JSZip, part: string): Promise<Rels> {
  const rels: Rels = new Map();
  const xml = await readText(zip, relsPath(part));
  if (!xml) return rels;
  for (const r of kids(parseXml(xml, relsPath(part)), 'Relationship')) {
    const id = r.getAttribute('Id');
    const target = r.getAttribute('Target');
    if (!id || !target) continue;
    const external = r.getAttribute('TargetMode') === 'External';
    rels.set(id, { target: external ? target : resolvePart(part, target), type: r.getAttribute('Type') ?? '', external });
  }
  return rels;
}

const byType = (rels: Rels, suffix: string) => [...rels.values()].find((r) => !r.external && r.type.endsWith(suffix))?.target;

/**
 * Opens a deck (the caller has already checked what its ZIP inflates to): slides in the order of
 * presentation.xml's sldIdLst, each with its relationships, layout, master and notes page, and the
 * deck's sections. Layouts and masters are parsed once however many slides use them.
 */
export async function openDeck(data: Uint8Array): Promise<DeckPackage> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
  const presentationPart = 'ppt/presentation.xml';
  const presXml = await readText(zip, presentationPart);
  if (!presXml) throw new ExtractError('corrupt', 'no ppt/presentation.xml');
  const pres = parseXml(presXml, presentationPart);
  const presRels = await readRels(zip, presentationPart);
  const height = numAttr(path(pres, 'sldSz'), 'cy') ?? 6_858_000;
  const listed = kids(path(pres, 'sldIdLst') ?? pres, 'sldId');
  const parsed = new Map<string, Promise<XmlEl | undefined>>();
  const partOnce = (part: string | undefined) => {
    if (!part) return Promise.resolve(undefined);
    if (!parsed.has(part))
      parsed.set(
        part,
        readText(zip, part).then((xml) => (xml ? parseXml(xml, part) : undefined)),
      );
    return parsed.get(part)!;
  };
  const slides: SlidePart[] = [];
  for (const entry of listed.slice(0, maxSlides)) {
    const target = presRels.get(entry.getAttribute('r:id') ?? '')?.target;
    const xml = target ? await readText(zip, target) : undefined;
    if (!target || !xml) continue;
    const rels = await readRels(zip, target);
    const layoutPart = byType(rels, '/slideLayout');
    const layout = await partOnce(layoutPart);
    const master = layoutPart ? await partOnce(byType(await readRels(zip, layoutPart), '/slideMaster')) : undefined;
    const notesPart = byType(rels, '/notesSlide');
    const diagrams = new Map<string, XmlEl>();
    for (const [id, rel] of rels) {
      if (rel.external || !rel.type.endsWith('/diagramData')) continue;
      const root = await partOnce(rel.target);
      if (root) diagrams.set(id, root);
    }
    const root = parseXml(xml, target);
    slides.push({
      number: slides.length + 1,
      id: entry.getAttribute('id') ?? '',
      root,
      rels,
      diagrams,
      hidden: root.getAttribute('show') === '0',
      layout,
      master,
      notes: notesPart ? await partOnce(notesPart) : undefined,
    });
  }
  const sections = descendants(pres, 'section')
    .filter((s) => local(s) === 'section')
    .map((s) => ({
      name: (s.getAttribute('name') ?? '').trim(),
      ids: descendants(s, 'sldId').map((x) => x.getAttribute('id') ?? ''),
    }));
  return { zip, slides, height, sections, skippedSlides: Math.max(0, listed.length - maxSlides) };
}
