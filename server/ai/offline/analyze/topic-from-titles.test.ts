import { describe, expect, it } from 'vitest';
import { htmlToText } from '@common/textbook-ops/html';
import { analyze } from '../analyze';
import { isCodeIdentifier } from './topic';
import { composeFromDocuments } from '../outline/tree-book';
import { textMaterial } from '@server/test/ai/material.support';

/** A parser lecture whose code names its classes Exp and Identifier again and again. */
const parserNotes = [
  '# Recursive descent parsing',
  'A recursive descent parser reads a program with one procedure for each rule of the grammar. Each procedure looks at the next token and decides which rule to apply.',
  '```java\nabstract class Exp {}\nclass Identifier extends Exp { String name; Identifier(String n) { name = n; } }\nclass Plus extends Exp { Exp left; Exp right; }\nExp parseExp() { Exp e = parseTerm(); while (peek("+")) { e = new Plus(e, parseTerm()); } return e; }\nExp parseTerm() { return new Identifier(next()); }\n```',
  '## Building the syntax tree',
  'The parser builds a syntax tree while it reads: every procedure returns the tree of the phrase it recognised. The tree keeps the structure of the program and drops the punctuation.',
  '```java\nIdentifier x = new Identifier("x");\nExp sum = new Plus(x, new Identifier("y"));\nExp again = parseExp();\nIdentifier first = (Identifier) ((Plus) again).left;\n```',
  '## Errors',
  'When the next token fits no rule, the parser reports a syntax error with the line and column of the token, so the programmer can find the mistake.',
].join('\n\n');

const grammarNotes = [
  '# Context-free grammars',
  'A context-free grammar describes the syntax of a programming language with rules that rewrite a nonterminal into a sequence of symbols. A derivation applies the rules one after another.',
  '## Ambiguity',
  'A grammar is ambiguous when one sentence has two different parse trees. Precedence and associativity rules remove the ambiguity of arithmetic expressions.',
  '## Left recursion',
  'A rule is left-recursive when its nonterminal appears first on its own right-hand side. A top-down parser loops forever on such a rule, so the grammar is rewritten first.',
].join('\n\n');

const material = textMaterial;

describe('the topic of several files, and every file in the book', () => {
  const both = material(['parser.md', parserNotes], ['grammars.md', grammarNotes]);

  it('comes from their titles and headings, never from the identifiers of their code', async () => {
    const { detectedTopic, objectives, suggestions } = await analyze({ material: both, retriever: { search: async () => [] } }, {});
    expect(detectedTopic).not.toMatch(/\bExp\b|Identifier/);
    for (const line of [...objectives, ...suggestions]) expect(line).not.toMatch(/\bExp\b|Identifier/);
    const titlesAndHeadings = [parserNotes, grammarNotes]
      .join('\n')
      .match(/^#+ .*$/gm)!
      .join(' ')
      .toLowerCase();
    for (const word of detectedTopic.toLowerCase().match(/\p{L}{4,}/gu) ?? []) expect(titlesAndHeadings).toContain(word);
  });

  it('keeps both files in the book, whatever the topic, and names a file the topic does not mention', () => {
    const book = composeFromDocuments(both, { title: 'Recursive descent parsing' });
    const text = book.chapters
      .map((c) => [c.title, htmlToText(c.content), ...c.sections.map((s) => htmlToText(s.content))].join(' '))
      .join(' ');
    expect(text).toContain('A recursive descent parser reads a program');
    expect(text).toContain('A context-free grammar describes the syntax');
    expect(text).toContain('class Identifier extends Exp');
  });

  it("a word the prose uses often is the prose's term even when the code uses it more", () => {
    const view = {
      code: 'function add(a, b) { return a + b; }\nfunction twice(f) { return function (x) { return f(f(x)); }; }\nconst Exp = 1; Exp + Exp;',
      prose: 'A function takes arguments. A function returns a value. Higher-order functions take a function as an argument.',
    };
    expect(isCodeIdentifier('function', view)).toBe(false);
    expect(isCodeIdentifier('Exp', view)).toBe(true);
    expect(isCodeIdentifier('parse_tree', {})).toBe(true);
    expect(isCodeIdentifier('syntaxTree', {})).toBe(true);
    expect(isCodeIdentifier('syntax tree', {})).toBe(false);
  });

  it('titles opening alike give their shared opening', async () => {
    const weeks = material(
      ['week1.md', '# Ecology week 1\n\nPopulations grow until the resources of their habitat limit them, and the growth then slows down.'],
      ['week2.md', '# Ecology week 2\n\nCommunities are the populations of many species that live together and interact in one place.'],
    );
    const { detectedTopic } = await analyze({ material: weeks, retriever: { search: async () => [] } }, {});
    expect(detectedTopic).toBe('Ecology');
  });
});
