import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { documentFromDirectText, extractTxt } from './txt-extract';
import { looksLikeMarkdown, markdownToBlocks } from './markdown-extract';
import { isSessionHeading } from './session-heading';

// Written for these tests (no outside source): a course page in the shape Jekyll/Tufte course sites use.
const page = `---
layout: post
title: "Networks"
tags:
- networking
---

We've discussed how servers and clients operate.
Now we put them together.

## Types of networks

Most networks are star networks.{% marginnote 'nettypes' 'Examples of <b>network</b> topologies<br/>' %} Each device connects to a node.

- Star
  - Star of stars
    - Campus networks
- Mesh
1. First step
2. Second step

| Layer | Example |
|-------|---------|
| Link  | Ethernet |
| Internet | IP |

The energy is $E = mc^2$, and a ticket costs $5 or $10.

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

\`\`\`bash
ping unc.edu
\`\`\`

> Networks are everywhere.

Some claim.[^1]

[^1]: A footnote about the claim.

# Network tools
{% sidenote 'tools' 'Rani Saive, "13 Linux Commands".' %}
Text under tools.{% sidenote 'guide' 'Wynn, J. “A Hacker’s Guide to Git.” 2014. <http://example.org/git-guide/>.' %}
`;

describe('Markdown extraction', () => {
  it('reads headings, nested lists, tables, math, code, quotes, footnotes and margin notes; strips front matter', () => {
    const { blocks, title } = markdownToBlocks(page);
    expect(title).toBe('Networks');
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).not.toMatch(/layout: post|marginnote|sidenote|\{%/);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Types of networks', 2],
      ['Network tools', 1],
    ]);
    expect(blocks.filter((b) => b.kind === 'list-item').map((b) => [b.text, b.depth, b.ordered])).toEqual([
      ['Star', 0, false],
      ['Star of stars', 1, false],
      ['Campus networks', 2, false],
      ['Mesh', 0, false],
      ['First step', 0, true],
      ['Second step', 0, true],
    ]);
    const star = blocks.findIndex((b) => b.text.startsWith('Most networks are star networks.'));
    expect(blocks[star].text).toBe('Most networks are star networks. Each device connects to a node.');
    // A margin note's autolink keeps its URL.
    expect(blocks.find((b) => b.text.startsWith('Wynn, J.'))?.text).toBe(
      'Wynn, J. “A Hacker’s Guide to Git.” 2014. http://example.org/git-guide/.',
    );
    // The margin note is kept apart from the paragraph it sat in, right after it.
    expect(blocks[star + 1]).toMatchObject({ kind: 'margin', text: 'Examples of network topologies' });
    expect(blocks.find((b) => b.kind === 'table')).toMatchObject({
      rows: [
        ['Layer', 'Example'],
        ['Link', 'Ethernet'],
        ['Internet', 'IP'],
      ],
      header: true,
    });
    expect(text).toContain('The energy is \\(E = mc^2\\), and a ticket costs $5 or $10.');
    expect(blocks.find((b) => b.kind === 'equation')).toMatchObject({ latex: '\\int_0^1 x^2 \\, dx = \\frac{1}{3}' });
    expect(blocks.find((b) => b.kind === 'code')).toMatchObject({ text: 'ping unc.edu', language: 'bash' });
    expect(blocks.find((b) => b.kind === 'quote')?.text).toBe('Networks are everywhere.');
    expect(blocks.find((b) => b.kind === 'note')).toMatchObject({ text: 'A footnote about the claim.', label: '1' });
    expect(text).toContain('Some claim.');
    expect(text).not.toContain('[^1]');
    expect(blocks.find((b) => b.kind === 'margin' && b.text.startsWith('Rani Saive'))).toBeDefined();
  });

  it('keeps an indented bullet outline in a .txt file (every word of it)', () => {
    const outline = [
      'Week 1: Cells',
      '',
      '- Cell theory',
      '    - All living things are made of cells',
      '    - Cells come from cells',
      '        - Virchow, 1855',
      '- Organelles',
      '    - Nucleus holds DNA',
    ].join('\n');
    expect(looksLikeMarkdown(outline)).toBe(true);
    // A Quarto or R Markdown page is Markdown by its name, whatever its first lines hold.
    expect(looksLikeMarkdown('One paragraph with *emphasis*.', 'chapter.qmd')).toBe(true);
    expect(looksLikeMarkdown('One paragraph with *emphasis*.', 'lab.Rmd')).toBe(true);
    expect(looksLikeMarkdown('One paragraph with *emphasis*.', 'notes.txt')).toBe(false);
    const doc = extractTxt(new TextEncoder().encode(outline), 'notes.txt');
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items.map((b) => [b.text, b.depth])).toEqual([
      ['Cell theory', 0],
      ['All living things are made of cells', 1],
      ['Cells come from cells', 1],
      ['Virchow, 1855', 2],
      ['Organelles', 0],
      ['Nucleus holds DNA', 1],
    ]);
    const words = (t: string) => t.split(/\s+/).filter((w) => /\w/.test(w)).length;
    expect(words(doc.blocks.map((b) => b.text).join(' '))).toBe(words(outline.replace(/^\s*-\s*/gm, '')));
  });

  it('keeps typed $...$ math and Markdown in direct text, under the typed chapter title', () => {
    const doc = documentFromDirectText(
      'The mean is $\\bar{x} = \\frac{1}{n}\\sum x_i$ for a sample.\n\n## Spread\n\nThe variance follows.',
      'Descriptive Statistics',
    );
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: 'Descriptive Statistics', level: 1 });
    expect(doc.blocks[1].text).toBe('The mean is \\(\\bar{x} = \\frac{1}{n}\\sum x_i\\) for a sample.');
    expect(doc.blocks[2]).toMatchObject({ kind: 'heading', text: 'Spread' });
  });

  it('keeps subscripts and products inside $...$ whole (their _ and * are not emphasis), and leaves code alone', () => {
    const doc = documentFromDirectText(
      'The transpose has the entries $(A^T)_{ij} = a_{ji}$ and $x_1 * y_1$ is a product, where $\\lambda_1 = 0$ and $\\lambda_2 = 0$.\n\n```\necho $a$\n```',
    );
    expect(doc.blocks[0].text).toBe(
      'The transpose has the entries \\((A^T)_{ij} = a_{ji}\\) and \\(x_1 * y_1\\) is a product, where \\(\\lambda_1 = 0\\) and \\(\\lambda_2 = 0\\).',
    );
    expect(doc.blocks[1]).toMatchObject({ kind: 'code', text: 'echo $a$' });
  });
});

describe('kramdown attribute lists', () => {
  it('are page styling, not text: dropped from headings and paragraphs, math braces kept', () => {
    const { blocks } = markdownToBlocks(
      '## Questions to keep in mind: {#questions-to-keep-in-mind:}\n\nA set $\\{x : x > 0\\}$ of reals.\n{: .notice--info}\n\n## Servers {.highlight}\n',
    );
    expect(blocks.map((b) => b.text)).toEqual(['Questions to keep in mind:', 'A set \\(\\{x : x > 0\\}\\) of reals.', 'Servers']);
  });
});

describe('commands written as code spans', () => {
  it('a paragraph of code spans only is a code block; a code span inside a sentence stays in the sentence', () => {
    const { blocks } = markdownToBlocks(
      'Issue the ```mysql``` command to get into the prompt:\n\n```mysql -u root -p```\n\nThen list the tables:\n\n`SHOW TABLES;`\n`SHOW COLUMNS FROM tblBook;`\n',
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Issue the mysql command to get into the prompt:'],
      ['code', 'mysql -u root -p'],
      ['paragraph', 'Then list the tables:'],
      ['code', 'SHOW TABLES;\nSHOW COLUMNS FROM tblBook;'],
    ]);
  });
});

describe('session headings', () => {
  it('recognises dates, weeks and lectures, not topics', () => {
    for (const s of ['January 10, 2019', 'Jan 10', '10 January 2019', 'Week 3', 'Lecture 5', 'Session 2 - Jan 14', '2019-01-10'])
      expect(isSessionHeading(s), s).toBe(true);
    for (const s of ['Week 3: Matrices', 'Lecture notes on DNS', 'Types of networks', 'May the force'])
      expect(isSessionHeading(s), s).toBe(false);
  });
});

describe('a lesson episode (test-fixtures/text/lesson-episode.md, written for these tests)', () => {
  it("keeps the questions and objectives of its front matter above the text and its key points below, drops the author's hidden note", () => {
    const source = readFileSync(fixturePath('text/lesson-episode.md'), 'utf8');
    const { blocks, title } = markdownToBlocks(source);
    expect(title).toBe('Tracking changes');
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Questions:'],
      ['list-item', 'How do I record the changes I make to a file?'],
      ['list-item', 'What is the staging area?'],
      ['paragraph', 'Objectives:'],
      ['list-item', 'Record a change with git add and git commit'],
      ['list-item', 'Read the history of a project'],
      ['heading', 'Recording a change'],
      ['paragraph', 'Edit the file and save it.'],
      ['code', '$ git add notes.txt\n<!not a comment in a program>'],
      ['paragraph', 'The change is now staged. Commit it with a short message that says why.'],
      ['paragraph', 'Key points:'],
      ['list-item', 'A change is staged with git add, then committed.'],
      ['list-item', 'git log shows the history of a project.'],
    ]);
  });
});
