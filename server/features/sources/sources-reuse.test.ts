import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { eq } from 'drizzle-orm';
import { sources } from '@server/db/schema';
import { insertSource } from './sources.repo';
import { extractText } from '@server/test/upload-forms.support';

const lecture = Buffer.from(
  'BIOL 101: Cells\nLecture 2 - The Cell Membrane\nDr. Ada Byron\n\n1. Structure\n\n' +
    'The cell membrane is a lipid bilayer with embedded proteins that controls what enters and leaves the cell. '.repeat(6) +
    '\n\n2. Transport\n\n' +
    'Passive transport moves molecules down their gradient, while active transport spends ATP to move them against it. '.repeat(6),
);

describe('source reuse across extractor versions', () => {
  const h = useHarness();

  it('a file stored by an older extractor (plain byte hash) is read again, not reused with its old reading', async () => {
    const alice = await h.createUser('alice');
    // What the previous extractor left behind: keyed by the bare bytes, with a reading that is now known to be wrong.
    const stale = await insertSource(h.database.db, {
      ownerId: alice.id,
      sha256: createHash('sha256').update(lecture).digest('hex'),
      filename: 'lecture2.txt',
      mime: 'text/plain',
      byteSize: lecture.length,
      text: 'Stale reading',
      structure: { blocks: [{ kind: 'heading', text: 'Stale Title', level: 1 }], title: 'Stale Title' },
    });
    const upload = () => extractText(h, alice, [{ name: 'files', filename: 'lecture2.txt', type: 'text/plain', data: lecture }]);
    const res = await upload();
    expect(res.statusCode).toBe(200);
    expect(res.json().detectedTopic).toBe('The Cell Membrane');
    expect(res.json().extractedText).toContain('lipid bilayer');

    // The same bytes again are reused (read once per extractor version).
    const res2 = await upload();
    expect(res2.statusCode).toBe(200);
    expect(res2.json().sourceIds).toEqual(res.json().sourceIds);
    expect(res2.json().sourceIds).not.toContain(stale!.id);
    // Two rows in all: the stale one and the one read now; the second upload stored nothing.
    const stored = await h.database.db.select({ id: sources.id }).from(sources).where(eq(sources.ownerId, alice.id));
    expect(stored.map((r) => r.id).sort()).toEqual([stale!.id, ...res.json().sourceIds].sort());
  });
});
