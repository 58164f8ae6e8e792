import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('paragraph-joins.pdf (LaTeX: description lists, a display formula inside a sentence, addresses over a line break)', () => {
  let doc: ExtractedDocument;
  const paragraphs = () => doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/paragraph-joins.pdf'))), 'paragraph-joins.pdf');
  });

  it('reads each entry of a description list as one paragraph, its lines indented under the term joined to it', () => {
    const entries = paragraphs().filter((p) => /^(?:AES-128|3DES|PRESENT|Execution time|Power consumption) /.test(p));
    expect(entries).toEqual([
      'AES-128 The Rijndael cipher with a block of one hundred and twenty-eight bits and a key of the same length.',
      '3DES Three DES in the Encrypt-Decrypt-Encrypt configuration, with a block of sixty-four bits and a key of one hundred and twelve or one hundred and sixty-eight bits.',
      'PRESENT A lightweight block cipher with a block of sixty-four bits and a key of eighty or one hundred and twenty-eight bits, designed for very small hardware implementations.',
      'Execution time The execution time or timing may leak information on secret data, for example through different code branches being taken or through cache-timing side channels.',
      'Power consumption The power or rather current consumption of an integrated circuit depends on the processed data. This is probably the most classical side channel.',
    ]);
    // No paragraph stops mid-sentence: each ends a sentence or leads into the display formula after it.
    const blocks = doc.blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'equation');
    blocks.forEach((b, i) => {
      if (b.kind === 'paragraph' && !/[.:?!]$/.test(b.text)) expect(blocks[i + 1]?.kind, b.text).toBe('equation');
    });
  });

  it('keeps a sentence that runs over a page break in one paragraph, and a new paragraph after an indented first line', () => {
    const crossing = paragraphs().find((p) => p.startsWith('A side channel is any observable quantity'));
    expect(crossing).toMatch(/falls in minutes\. Examples of the most common side channels .* can be measured from outside\.$/);
    expect(paragraphs()).toContain('A few examples of typical block ciphers with their respective key and block sizes are:');
  });

  it('keeps two typewriter addresses broken at a dot in their sentence with both links, not as a code listing', () => {
    expect(doc.blocks.some((b) => b.kind === 'code')).toBe(false);
    const sentence = doc.blocks.find((b) => b.text.startsWith('where x is the input'));
    expect(sentence?.text).toBe(
      'where x is the input and y the observed value. The data sheets are at http://www.example.org/webdoc/avrassembler/avrassembler.wb_SBR.html and http://www.example.org/webdoc/avrassembler/avrassembler.wb_CBR.html.',
    );
    expect(sentence?.links?.map((l) => l.href)).toEqual([
      'http://www.example.org/webdoc/avrassembler/avrassembler.wb_SBR.html',
      'http://www.example.org/webdoc/avrassembler/avrassembler.wb_CBR.html',
    ]);
    for (const l of sentence!.links!) expect(sentence!.text).toContain(l.text);
  });
});
