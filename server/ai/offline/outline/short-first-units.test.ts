import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { extractMarkdown } from '@server/ingest/markdown-extract';
import type { ExtractedDocument } from '@server/ai/material';
import { outline } from '../outline';

const noRetrieval = { search: async () => [] };

async function bookOf(doc: ExtractedDocument): Promise<TextbookContent> {
  const material = { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
  return outline({ material, retriever: noRetrieval }, { topic: doc.title ?? doc.filename, references: [] });
}

const chapterText = (c: TextbookContent['chapters'][number]) => htmlToText(c.content + c.sections.map((s) => s.content).join(' '));

// A workshop handout: a title, then short units under headings of one level. The first two hold a schedule (a list) and
// three command lines: brief, but the handout's own parts, not lines of its title block.
const handout = `# Versioning Data with Git

### Schedule

- 17:45-18:25 Git and GitHub
- 18:30-19:25 GitHub Pages and Markdown
- 19:30-20:25 Practice and discussion

### Basics: navigating the shell

pwd print working directory

ls list directory

cd change directory

### Basics: interacting with files

mkdir make directory

cat send a file to the output, in most cases the shell

head output the first lines of a file

mv rename or move a file. To rename a file, type mv with the old name and then the new name.

### Basic Git commands

git init creates a repository in the current folder. git status shows the state of the files in the working directory and
the staging area. git add tells git to track a file or a series of files, and git commit saves the staged snapshot to
the history of the project. Every commit keeps a message that says why the change was made.
`;

describe('short units at the start of a handout', () => {
  it('stay chapters under their own headings when they hold a list or several lines', async () => {
    const book = await bookOf(extractMarkdown(handout, 'git-handout.md'));
    const titles = book.chapters.map((c) => c.title);
    expect(titles.slice(0, 2)).toEqual(['Schedule', 'Basics: navigating the shell']);
    const schedule = chapterText(book.chapters[0]);
    expect(schedule).toContain('17:45-18:25 Git and GitHub');
    expect(schedule).not.toContain('pwd print working directory');
    expect(chapterText(book.chapters[1])).toContain('pwd print working directory');
    expect(chapterText(book.chapters[2])).not.toContain('17:45-18:25');
  });

  it('still takes lines set as headings over the text for its title block', async () => {
    // A course name and a lecture line set as headings, each with nothing or one short line under it.
    const notes = `# Statistics 101

## Lecture 5

Dr. A. Smith

## Confidence intervals

A confidence interval gives a range of values for a parameter. It is computed from the sample mean and the standard
error, and its width shrinks as the sample grows. We read a 95% interval as a statement about the method, not about
one interval.

## Hypothesis tests

A hypothesis test weighs the evidence against a null hypothesis. The p-value is the probability of data at least as
extreme as those observed when the null hypothesis is true.
`;
    const book = await bookOf(extractMarkdown(notes, 'lecture5.md'));
    expect(book.chapters.map((c) => c.title)).toEqual(['Confidence intervals', 'Hypothesis tests']);
  });
});
