import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { emptyMaterial, type Retriever } from '@server/ai/material';
import { chat } from '../chat';
import { htmlToText } from '@common/textbook-ops/html';

const noMaterial: Retriever = { search: async () => [] };
const ctx = { material: emptyMaterial(), retriever: noMaterial };

function outline(): TextbookContent {
  const titles = ['Introduction', 'Trace Trees', 'Nested Trace Trees', 'Trace Optimization', 'Evaluation'];
  return {
    title: 'Tracing JITs',
    references: [],
    chapters: titles.map((title, i) => ({
      id: `ch${i + 1}`,
      title,
      content: `<p>${title} opens the chapter.</p>`,
      sections: [1, 2, 3].map((k) => ({
        id: `ch${i + 1}s${k}`,
        title: `${title} part ${k}`,
        content: `<p>The first paragraph of ${title} part ${k} explains the idea.</p><p>The second paragraph of ${title} part ${k} gives a worked example.</p>`,
      })),
    })),
  };
}

const ask = (message: string, content = outline()) => chat(ctx, { message, topic: 'Tracing JITs', content });
const ids = (c?: TextbookContent) => c?.chapters.map((ch) => ch.id);
const titles = (c?: TextbookContent) => c?.chapters.map((ch) => ch.title);
const text = (c: TextbookContent) =>
  c.chapters
    .flatMap((ch) => [htmlToText(ch.content), ...ch.sections.map((s) => htmlToText(s.content))])
    .filter(Boolean)
    .join(' ');

describe('offline outline assistant', () => {
  it('adds a chapter titled X', async () => {
    const res = await ask('Add a chapter titled "Garbage Collection"');
    expect(titles(res.updatedContent)).toEqual([...titles(outline())!, 'Garbage Collection']);
    expect(res.message).toMatch(/Added chapter 6, "Garbage Collection"/);
  });

  it('removes chapter 3', async () => {
    const res = await ask('remove chapter 3');
    expect(ids(res.updatedContent)).toEqual(['ch1', 'ch2', 'ch4', 'ch5']);
  });

  it('renames chapter 2 to Y', async () => {
    const res = await ask('Rename chapter 2 to Typed Trace Trees');
    expect(res.updatedContent?.chapters[1]).toMatchObject({ id: 'ch2', title: 'Typed Trace Trees' });
    expect(res.updatedContent?.chapters[1].sections).toEqual(outline().chapters[1].sections);
  });

  it('moves chapter 4 before chapter 2', async () => {
    const res = await ask('move chapter 4 before chapter 2');
    expect(ids(res.updatedContent)).toEqual(['ch1', 'ch4', 'ch2', 'ch3', 'ch5']);
  });

  it('adds a section on Z to chapter 1', async () => {
    const res = await ask('add a section on type specialization to chapter 1');
    const sections = res.updatedContent?.chapters[0].sections ?? [];
    expect(sections.map((s) => s.title)).toEqual([
      'Introduction part 1',
      'Introduction part 2',
      'Introduction part 3',
      'Type Specialization',
    ]);
    expect(sections[3].id).toMatch(/^s_/);
    // No material on the subject: the section is empty for the author and the reply says so.
    expect(sections[3].content).toBe('');
    expect(res.message).toMatch(/nothing on that subject/);
  });

  it('splits chapter 2 in two without losing text', async () => {
    const res = await ask('split chapter 2 in two');
    const out = res.updatedContent!;
    // Real titles: the first part keeps the chapter's title, the second is named by its section.
    expect(titles(out)?.slice(1, 3)).toEqual(['Trace Trees', 'Trace Trees part 3']);
    expect(res.message).toContain('"Trace Trees part 3"');
    expect(out.chapters[1].id).toBe('ch2');
    expect(out.chapters).toHaveLength(6);
    expect(text(out)).toBe(text(outline()));
  });

  it('merges chapters 3 and 4, keeping all their text', async () => {
    const res = await ask('merge chapters 3 and 4');
    const out = res.updatedContent!;
    expect(ids(out)).toEqual(['ch1', 'ch2', 'ch3', 'ch5']);
    expect(out.chapters[2].title).toBe('Nested Trace Trees and Trace Optimization');
    const merged = out.chapters[2];
    expect(merged.sections.map((s) => s.id).slice(0, 3)).toEqual(['ch3s1', 'ch3s2', 'ch3s3']);
    expect(merged.sections.map((s) => s.id).slice(-3)).toEqual(['ch4s1', 'ch4s2', 'ch4s3']);
    expect(htmlToText(merged.sections[3].content)).toBe('Trace Optimization opens the chapter.');
  });

  it('makes it 6 chapters', async () => {
    const res = await ask('Can you make it 6 chapters?');
    expect(res.updatedContent?.chapters).toHaveLength(6);
    expect(text(res.updatedContent!)).toBe(text(outline()));
    const fewer = await ask('make it three chapters');
    expect(fewer.updatedContent?.chapters).toHaveLength(3);
  });

  it('says so and changes nothing when it cannot do the request', async () => {
    const unsupported = await ask('Translate the whole book into French');
    expect(unsupported.updatedContent).toBeUndefined();
    expect(unsupported.message).toMatch(/can't do that/);
    const missing = await ask('remove chapter 12');
    expect(missing.updatedContent).toBeUndefined();
    expect(missing.message).toBe(
      "I couldn't make that change: There is no chapter 12: the outline has 5 chapters. The outline is unchanged.",
    );
  });

  it('answers questions from the outline it was given', async () => {
    const res = await ask('How many chapters are there?');
    expect(res.updatedContent).toBeUndefined();
    expect(res.message).toMatch(/^The outline has 5 chapters: 1\. Introduction/);
    const grounded = await ask('Where is the worked example of evaluation?');
    expect(grounded.updatedContent).toBeUndefined();
    // The best passages, each quoted and named by where it is.
    expect(grounded.message).toMatch(
      /^Your material answers this in \d places \(the closest first\):\n1\. From the section "Evaluation part (\d)" of chapter 5: ".*The second paragraph of Evaluation part \1 gives a worked example\."$/m,
    );
    expect(
      grounded.message
        .split('\n')
        .slice(1)
        .every((line) => /^\d\. From the section "Evaluation part \d" of chapter 5: ".*worked example\."$/.test(line)),
    ).toBe(true);
    const summary = await ask('Summarize chapter 2');
    expect(summary.message).toMatch(/^Chapter 2, "Trace Trees", has 3 sections\. It opens: "Trace Trees opens the chapter\."/);
    // A question about a chapter the user names is answered from that chapter only.
    const named = await ask('What does the chapter on trace optimization cover?');
    expect(named.message).toMatch(/^Chapter 4, "Trace Optimization", has 3 sections\. It opens: "Trace Optimization opens the chapter\."/);
    expect(named.message).not.toMatch(/Nested Trace Trees|Evaluation/);
    // A section named as if it were a chapter (the navigator shows both alike) is described, not refused.
    const section = await ask('What does the chapter on Trace Trees part 2 cover?');
    expect(section.updatedContent).toBeUndefined();
    expect(section.message).toBe(
      '"Trace Trees part 2" is a section of chapter 2, "Trace Trees". It opens: "The first paragraph of Trace Trees part 2 explains the idea. The second paragraph of Trace Trees part 2 gives a worked example."',
    );
    const byNumber = await ask('What is chapter 5 about?');
    expect(byNumber.message).toMatch(/^Chapter 5, "Evaluation"/);
    const unknown = await ask('Who won the 1998 football world cup?');
    expect(unknown.message).toMatch(/^I couldn't find anything about that/);
  });
});

describe('offline outline assistant: free questions', () => {
  it('answers "what is X" with the sentence that defines X first, naming where it is', async () => {
    const book = outline();
    book.chapters[3].sections[1].content =
      '<p>Loop invariant code motion hoists work out of loops in many compilers. A trace tree is a tree of traces that share one loop header and are compiled together.</p>';
    book.chapters[1].sections[0].content = '<p>Every trace tree starts at a loop header; trace trees grow as side exits become hot.</p>';
    const res = await chat(ctx, { message: 'What is a trace tree?', topic: 'Tracing JITs', content: book });
    expect(res.updatedContent).toBeUndefined();
    expect(res.message).toMatch(
      /^Your material answers this in \d places \(the closest first\):\n1\. From the section "Trace Optimization part 2" of chapter 4: ".*A trace tree is a tree of traces that share one loop header/,
    );
    expect(res.message.split('\n').length).toBeLessThanOrEqual(4);
  });
});

describe('offline assistant answers from the material', () => {
  const blocks = [
    { kind: 'heading' as const, text: '5.3 Gradients of Vector-Valued Functions', level: 2, page: 11 },
    { kind: 'paragraph' as const, text: 'Definition 5.6 (Jacobian). The collection of all first-order partial deriva-', page: 12 },
    { kind: 'paragraph' as const, text: 'tives of a vector-valued function is called the Jacobian.', page: 12 },
    {
      kind: 'paragraph' as const,
      text: 'The Jacobian of a function can be used to compute the scaling of areas under a mapping.',
      page: 13,
    },
  ];
  const material = {
    sources: [
      {
        id: 1,
        filename: 'calculus.pdf',
        mime: 'application/pdf',
        text: '',
        document: { filename: 'calculus.pdf', mime: 'application/pdf' as const, text: '', blocks },
      },
    ],
    chunks: [],
  };
  const book: TextbookContent = {
    title: 'Calculus',
    references: [],
    chapters: [
      {
        id: 'c1',
        title: 'Gradients',
        content:
          '<p>Gradients collect partial derivatives.</p><h3>Summary</h3><ul><li><p>Jacobians stack gradients.</p></li></ul><h3>Review Questions</h3><ol><li><p>What is the jacobian?</p></li></ol>',
        sections: [],
      },
    ],
  };

  it('puts the sentence that defines the term first, joins the line the PDF broke, names file, heading and page, never quotes the review questions', async () => {
    const res = await chat({ material, retriever: noMaterial }, { message: 'What is the Jacobian?', topic: 'Calculus', content: book });
    expect(res.updatedContent).toBeUndefined();
    expect(res.message).toMatch(
      /^(?:Your material answers this in \d places \(the closest first\):\n1\. )?From your material \("calculus\.pdf", under "5\.3 Gradients of Vector-Valued Functions", page 12\): "The collection of all first-order partial derivatives of a vector-valued function is called the Jacobian\./,
    );
    expect(res.message).not.toMatch(/Review Questions|What is the jacobian/i);
  });
});
