import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a LiaScript lecture page whose paragraphs carry narrator marks
// (`--{{0}}--`, indented as LiaScript pages write them) and whose blocks carry animation marks (`{{0-1}}`).
const page = [
  '# Sitzung 3 – Transaktionen',
  '',
  '    --{{0}}--',
  'Willkommen zur dritten Sitzung. Heute geht es um Transaktionen und ihre Eigenschaften.',
  '',
  '      {{0-1}}',
  '<div>',
  '',
  '### Ohne Transaktionen',
  '',
  '```sql',
  "SELECT '{{1}}' AS mark;",
  '{{2}}',
  '```',
  '',
  '</div>',
  '',
  '    --{{1}}--',
  'Genau solche Fehler verhindern Transaktionen: alle Schritte gelingen oder keiner.',
  '',
  '{{2}}',
  '- Atomarität',
  '- Konsistenz',
].join('\n');

describe("a LiaScript page's narrator and animation marks", () => {
  const doc = extractMarkdown(page, 'sitzung3.md');
  const read = doc.blocks.map((b) => [b.kind, b.text]);

  it('are left out; the paragraphs, headings, code and lists under them stay, word for word', () => {
    expect(read).toContainEqual(['paragraph', 'Willkommen zur dritten Sitzung. Heute geht es um Transaktionen und ihre Eigenschaften.']);
    expect(read).toContainEqual(['paragraph', 'Genau solche Fehler verhindern Transaktionen: alle Schritte gelingen oder keiner.']);
    expect(read).toContainEqual(['heading', 'Ohne Transaktionen']);
    expect(read.filter(([kind]) => kind === 'list-item').map(([, text]) => text)).toEqual(['Atomarität', 'Konsistenz']);
    const prose = doc.blocks.filter((b) => b.kind !== 'code').map((b) => b.text);
    expect(prose.join('\n')).not.toMatch(/--\{\{|\{\{\d|----/);
  });

  it('inside fenced code stay as typed, as any template tag in code does', () => {
    expect(doc.blocks.find((b) => b.kind === 'code')?.text).toBe("SELECT '{{1}}' AS mark;\n{{2}}");
  });

  it('a Vue or Jinja template in fenced code keeps its braces; a Jekyll raw guard around them goes', () => {
    const vue = extractMarkdown(
      ['# Vorlagen', '', 'Eine Vorlage:', '', '```html', '<p>{{ name }}</p>', '{% raw %}{{ user.id }}{% endraw %}', '```'].join('\n'),
      'v.md',
    );
    expect(vue.blocks.find((b) => b.kind === 'code')?.text).toBe('<p>{{ name }}</p>\n{{ user.id }}');
  });
});
