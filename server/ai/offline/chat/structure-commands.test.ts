import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { applyCommand } from './apply-command';
import { parseRequest, type Command } from './parse-request';

function book(): TextbookContent {
  const chapter = (n: number, sections: number) => ({
    id: `c${n}`,
    title: `Topic ${n}`,
    content: `<p>Intro ${n} one.</p><p>Intro ${n} two.</p>`,
    sections: Array.from({ length: sections }, (_, k) => ({
      id: `c${n}s${k + 1}`,
      title: `Part ${n}.${k + 1}`,
      content: `<p>Text ${n}.${k + 1} a.</p><p>Text ${n}.${k + 1} b.</p>`,
    })),
  });
  return { title: 'Book', chapters: [chapter(1, 2), chapter(2, 3), chapter(3, 2), chapter(4, 1)], references: [] };
}

const allText = (c: TextbookContent) =>
  c.chapters.flatMap((ch) => [htmlToText(ch.content), ...ch.sections.map((s) => htmlToText(s.content))]).join(' ');
const words = (c: TextbookContent) => allText(c).split(/\s+/).filter(Boolean).sort();

function command(message: string): Command {
  const parsed = parseRequest(message);
  if (parsed.kind !== 'command') throw new Error(`not parsed as a command: ${message} -> ${parsed.kind}`);
  return parsed.command;
}

async function apply(message: string, content = book()) {
  const result = await applyCommand(content, command(message));
  if (!result.ok) throw new Error(result.reason);
  return result.content;
}

describe('structural requests', () => {
  it('reads the ways people name chapters and sections', () => {
    expect(command('Please remove the third chapter.')).toEqual({ op: 'removeChapters', chapters: [{ by: 'index', index: 2 }] });
    expect(command('delete chapter "Topic 2"')).toEqual({ op: 'removeChapters', chapters: [{ by: 'title', title: 'Topic 2' }] });
    expect(command('move chapter four before chapter two')).toMatchObject({ op: 'moveChapter', to: { kind: 'before' } });
    expect(command('remove section 2.3')).toEqual({
      op: 'removeSection',
      section: { chapter: { by: 'index', index: 1 }, section: { by: 'index', index: 2 } },
    });
    expect(command('can you make it 6 chapters?')).toEqual({ op: 'resizeChapters', count: 6 });
    expect(command('add a section on loop tracing to chapter 1')).toEqual({
      op: 'addSection',
      chapter: { by: 'index', index: 0 },
      title: 'Loop Tracing',
    });
    expect(parseRequest('translate the book into French').kind).toBe('unsupported');
    expect(parseRequest('What is a trace tree?').kind).toBe('question');
  });

  it('moves a chapter before another, keeping ids and text', async () => {
    const out = await apply('move chapter 4 before chapter 2');
    expect(out.chapters.map((c) => c.id)).toEqual(['c1', 'c4', 'c2', 'c3']);
    expect(words(out)).toEqual(words(book()));
  });

  it('moves a chapter after another and to the end', async () => {
    expect((await apply('move chapter 1 after chapter 3')).chapters.map((c) => c.id)).toEqual(['c2', 'c3', 'c1', 'c4']);
    expect((await apply('move chapter 2 to the end')).chapters.map((c) => c.id)).toEqual(['c1', 'c3', 'c4', 'c2']);
    expect((await apply('make chapter 3 the first chapter')).chapters.map((c) => c.id)).toEqual(['c3', 'c1', 'c2', 'c4']);
  });

  it('splits and merges without losing text', async () => {
    const split = await apply('split chapter 2 in two');
    expect(split.chapters).toHaveLength(5);
    expect(split.chapters[1].id).toBe('c2');
    expect(words(split)).toEqual(words(book()));
    const merged = await apply('merge chapters 3 and 4');
    expect(merged.chapters).toHaveLength(3);
    expect(merged.chapters[2].id).toBe('c3');
    // Chapter 4's introduction becomes a section titled as the chapter: every word is still there.
    expect(words(merged)).toEqual(words(book()));
    expect(allText(merged)).toContain('Intro 4 one.');
    expect(allText(merged)).toContain('Text 4.1 b.');
  });

  it('makes the book N chapters in both directions', async () => {
    expect((await apply('make it 6 chapters')).chapters).toHaveLength(6);
    const fewer = await apply('reduce it to 2 chapters');
    expect(fewer.chapters).toHaveLength(2);
    for (const id of ['c1s1', 'c2s3', 'c4s1']) expect(fewer.chapters.flatMap((c) => c.sections.map((s) => s.id))).toContain(id);
  });

  it('sections: rename, move to another chapter, merge, split', async () => {
    expect((await apply('rename section 1.2 to Basics')).chapters[0].sections[1].title).toBe('Basics');
    const moved = await apply('move section 2.1 to chapter 4');
    expect(moved.chapters[3].sections.map((s) => s.id)).toEqual(['c4s1', 'c2s1']);
    const merged = await apply('merge sections 1 and 2 of chapter 2');
    expect(merged.chapters[1].sections).toHaveLength(2);
    expect(htmlToText(merged.chapters[1].sections[0].content)).toBe('Text 2.1 a. Text 2.1 b. Text 2.2 a. Text 2.2 b.');
    const split = await apply('split section 3.1');
    expect(split.chapters[2].sections).toHaveLength(3);
  });

  it('says why when a reference does not exist and changes nothing', async () => {
    const result = await applyCommand(book(), command('remove chapter 9'));
    expect(result).toEqual({ ok: false, reason: 'There is no chapter 9: the outline has 4 chapters.' });
  });
});

describe('the assistant finds what the user names as the user sees it', () => {
  const numberedBook = (): TextbookContent => ({
    title: 'Logic',
    references: [],
    chapters: [
      { id: 'f', title: 'About this book', content: '<p>How to use it.</p>', sections: [] },
      { id: 'a', title: '1 Arguments', content: '<p>An argument has premises.</p>', sections: [] },
      { id: 'b', title: '2 Sentences', content: '<p>Sentences are true or false.</p>', sections: [] },
      {
        id: 'c',
        title: '3 Media',
        content: '',
        sections: [{ id: 's', title: 'Agenda Setting', content: '<p>The media set the agenda.</p>' }],
      },
    ],
  });

  it('"chapter 2" is the chapter titled 2 when the titles are numbered, whatever front matter comes first', async () => {
    const result = await applyCommand(numberedBook(), command('rename chapter 2 to Sentential logic'));
    expect(result.ok && result.content.chapters.map((c) => c.title)).toEqual([
      'About this book',
      '1 Arguments',
      'Sentential logic',
      '3 Media',
    ]);
  });

  it('keeps the question mark of a renamed title, not the one of a request asked as a question', () => {
    expect(command('rename chapter 2 to "Why logic?"')).toMatchObject({ title: 'Why logic?' });
    expect(command('Rename chapter 2 to Why study logic?')).toMatchObject({ title: 'Why study logic?' });
    expect(command('can you rename chapter 2 to Sets?')).toMatchObject({ title: 'Sets' });
  });

  it('says a name is a section, not a chapter, instead of "couldn\'t find"', async () => {
    const result = await applyCommand(numberedBook(), command('move chapter Agenda Setting to the end'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe(
      '"Agenda Setting" is a section of chapter 4 ("3 Media"), not a chapter. Say "the section Agenda Setting" to work on it.',
    );
  });
});

describe('splitting a chapter names its parts by their topics', () => {
  it('a chapter without sections: the second part is named by a phrase of its own text, not "(Part 2)"', async () => {
    const content: TextbookContent = {
      title: 'Memory',
      references: [],
      chapters: [
        {
          id: 'm',
          title: 'Memory',
          content: [
            '<p>Working memory holds a few items for a few seconds while we reason.</p>',
            '<p>Working memory capacity is often estimated at about four chunks.</p>',
            '<p>Long-term memory stores knowledge for years through consolidation during sleep.</p>',
            '<p>Consolidation during sleep moves memories from the hippocampus into long-term memory.</p>',
          ].join(''),
          sections: [],
        },
      ],
    };
    const result = await applyCommand(content, command('split chapter 1 in two'));
    expect(result.ok).toBe(true);
    const titles = result.ok ? result.content.chapters.map((c) => c.title) : [];
    expect(titles[0]).toBe('Memory');
    expect(titles[1]).not.toMatch(/\(Part \d\)/);
    expect(titles[1]).not.toBe('Memory');
  });
});
