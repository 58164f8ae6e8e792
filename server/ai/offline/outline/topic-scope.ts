import type { DocSection } from '@server/core/document-model';
import { quickStopwords } from '@server/core/nlp';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';

/** "Vector calculus without backpropagation", "Networks, except DNS", "Statistics (without R code)". */
const exclusionClause =
  /(?:^|[\s,;(])(?:without|except(?: for)?|excluding|but not|not including|leave out|leaving out|omit|omitting|skip|skipping)\s+([^,;()]+)/giu;

export interface TopicScope {
  /** The topic without its exclusions: what the material must be about. */
  subject: string;
  /** Phrases the topic asks to leave out, lower case. */
  excluded: string[];
}

export function readTopic(topic: string): TopicScope {
  const excluded: string[] = [];
  for (const m of topic.matchAll(exclusionClause)) {
    const phrase = m[1]
      .replace(/\b(?:the|any|a|an)\b/gi, ' ')
      .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
    if (phrase.length >= 3) excluded.push(phrase);
  }
  const subject = topic.replace(exclusionClause, ' ').replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  return { subject, excluded };
}

const stem = (w: string) => w.toLowerCase().replace(/(?:ies|es|s)$/, '');

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}-]{2,}/gu) ?? []).filter((w) => !quickStopwords.has(w));
}

/** True when the unit's title names an excluded phrase (all its words, in any form). */
export function isExcludedTitle(title: string, excluded: string[]): boolean {
  const words = new Set(contentWords(cleanHeadingTitle(title)).map(stem));
  return excluded.some((phrase) => {
    const wanted = contentWords(phrase).map(stem);
    return wanted.length > 0 && wanted.every((w) => words.has(w));
  });
}

/** Units (and their sections, at any depth) whose titles the topic excludes, removed; their titles reported. */
export function withoutExcluded(units: DocSection[], excluded: string[]): { units: DocSection[]; left: string[] } {
  const left: string[] = [];
  const walk = (nodes: DocSection[]): DocSection[] =>
    nodes.flatMap((n) => {
      if (isExcludedTitle(n.title, excluded)) {
        left.push(cleanHeadingTitle(n.title));
        return [];
      }
      return [{ ...n, children: walk(n.children) }];
    });
  return { units: excluded.length ? walk(units) : units, left };
}

/**
 * True for a document the topic clearly leaves out: it never mentions the topic's subject while
 * another document does, and it shares almost none of its vocabulary with the other documents
 * (a stray upload, not a part of the course). A topic of no content words excludes nothing.
 */
export function offTopicDocuments(texts: string[], subject: string): boolean[] {
  const wanted = [...new Set(contentWords(subject).map(stem))];
  if (wanted.length === 0 || texts.length < 2) return texts.map(() => false);
  const vocabularies = texts.map((t) => new Set(contentWords(t.slice(0, 400_000)).map(stem)));
  const mentions = vocabularies.map((seen) => wanted.some((w) => seen.has(w)));
  if (!mentions.some(Boolean)) return texts.map(() => false);
  return vocabularies.map((own, i) => {
    if (mentions[i]) return false;
    const others = new Set(vocabularies.flatMap((v, j) => (j === i ? [] : [...v])));
    const shared = [...own].filter((w) => others.has(w)).length;
    return shared / Math.max(1, own.size) < 0.2;
  });
}
