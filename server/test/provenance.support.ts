import type { TextbookContent } from '@common/textbook';
import { contextFor } from '@server/test/context.support';
import type { Harness } from '@server/test/harness.support';
import { computingMaterial } from './ai/computing-material.support';
import { ingestMaterial, loadSourcesMaterial } from '../features/sources/sources.service';
import { createTextbook } from '../features/textbooks/textbooks.service';
import { stampSources } from '../features/provenance/stamp-sources';

/** A book whose chapters quote the computing material (a Markdown file), stored with its sources as generation stores them. */
export async function stampedBook(h: Harness, owner: { id: number; username: string }) {
  const markdown = computingMaterial
    .split('\n\n')
    .map((p, i) => (i % 2 === 0 ? `## ${p}` : p))
    .join('\n\n');
  const { sourceIds } = await ingestMaterial(contextFor(h, owner), {
    files: [{ filename: 'computing.md', mimetype: 'text/markdown', data: Buffer.from(markdown) }],
  });
  const paragraphs = computingMaterial.split('\n\n').filter((_, i) => i % 2 === 1);
  const content: TextbookContent = {
    title: 'Computing',
    references: [],
    chapters: [
      { id: 'c1', title: 'One', content: `<p>${paragraphs[0]}</p>`, sections: [] },
      {
        id: 'c2',
        title: 'Two',
        content: '<p>Our own introduction.</p>',
        sections: [{ id: 's1', title: 'S', content: `<p>${paragraphs[1]}</p>` }],
      },
    ],
  };
  const { material } = await loadSourcesMaterial(h.deps, sourceIds);
  return createTextbook(h.database.db, { owner, topic: 'Computing', content: stampSources(material, content), sourceIds });
}
