import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportContentDisposition, fileNameFromDisposition } from '@common/export';
import { mockFetch } from '@client/test/render';
import { defaultPageSize, downloadExport } from './export.api';

describe('export download names', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a topic in another script: an ASCII filename for old clients, filename* with the real name', () => {
    expect(exportContentDisposition('Mechanics: Motion & Force', 'pdf')).toBe('attachment; filename="Mechanics-Motion-Force.pdf"');
    const russian = exportContentDisposition('Математический анализ: ряды', 'pdf');
    expect(russian).toBe(`attachment; filename="textbook.pdf"; filename*=UTF-8''${encodeURIComponent('Математический-анализ-ряды.pdf')}`);
    expect(fileNameFromDisposition(russian)).toBe('Математический-анализ-ряды.pdf');
    expect(fileNameFromDisposition(exportContentDisposition('الإحصاء الحيوي', 'epub'))).toBe('الإحصاء-الحيوي.epub');
    expect(fileNameFromDisposition(exportContentDisposition('线性代数 — 第二章', 'docx'))).toBe('线性代数-第二章.docx');
    // Accents keep their letters where filename* is read; the ASCII name drops only the accents.
    expect(exportContentDisposition('Économie appliquée', 'html')).toBe(
      `attachment; filename="Economie-appliquee.html"; filename*=UTF-8''${encodeURIComponent('Économie-appliquée.html')}`,
    );
    expect(fileNameFromDisposition('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(fileNameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'%E0%A4')).toBe('a.pdf');
  });

  it('saves the download under the name in the topic’s own script', async () => {
    mockFetch({
      'GET /api/textbooks/3/export?format=pdf': () =>
        new Response('%PDF-1.7', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': exportContentDisposition('线性代数', 'pdf') },
        }),
    });
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    expect(await downloadExport(3, '线性代数', 'pdf', false)).toBe('线性代数.pdf');
    expect(names).toEqual(['线性代数.pdf']);
  });

  it('takes the paper from the browser language: Letter in the Americas that use it, A4 elsewhere', () => {
    expect(defaultPageSize('en-US')).toBe('letter');
    expect(defaultPageSize('fr-CA')).toBe('letter');
    expect(defaultPageSize('en-GB')).toBe('a4');
    expect(defaultPageSize('de')).toBe('a4');
    expect(defaultPageSize('not a locale')).toBe('a4');
  });
});
