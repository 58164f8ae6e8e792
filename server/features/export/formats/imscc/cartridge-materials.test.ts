import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { accessibleContent, renderBook } from '@server/test/export/rendered-book.support';

const homework = {
  title: 'Homework: Entropy',
  contentType: 'homework',
  content: { problems: [{ prompt: 'Count the microstates of two coins.', guidance: 'List them.', expectedAnswer: 'Four' }] },
};
const lessonPlan = {
  title: 'Lesson Plan: Counting states',
  contentType: 'lessonPlan',
  content: {
    objectives: ['Count microstates'],
    durationMinutes: 45,
    activities: [{ minutes: 45, title: 'Coins', description: 'Toss two coins and list outcomes.' }],
    materials: [],
    assessment: ['Exit ticket'],
  },
};
const exam = {
  title: 'Assessment: Entropy',
  contentType: 'assessment',
  content: { totalPoints: 5, items: [{ type: 'essay', prompt: 'Explain entropy.', points: 5 }] },
};

describe('IMS cartridge: every material', () => {
  it('has lesson plans, homework and answer keys as instructor-only web pages, quizzes and assessments as QTI, and the book language', async () => {
    const zip = await JSZip.loadAsync(await renderBook('imscc', accessibleContent(), { materials: [homework, lessonPlan, exam] }));
    const manifest = new DOMParser().parseFromString(await zip.file('imsmanifest.xml')!.async('string'), 'application/xml');
    const titles = Array.from(manifest.getElementsByTagName('item'))
      .filter((i) => i.getAttribute('identifierref'))
      .map((i) => i.getElementsByTagName('title')[0]?.textContent);
    // The assessment's essay has no rubric, so it has no items an LMS can take: it is a page only.
    expect(titles.slice(-3)).toEqual(['Homework: Entropy', 'Lesson Plan: Counting states', 'Assessment: Entropy']);
    const resources = Array.from(manifest.getElementsByTagName('resource'));
    const typeOf = (href: string) => resources.find((r) => r.getAttribute('href') === href)?.getAttribute('type');
    expect(typeOf('pages/material1.html')).toBe('webcontent');
    expect(typeOf('pages/material2.html')).toBe('webcontent');
    expect(typeOf('pages/material3.html')).toBe('webcontent');
    // Pages with answers or the teacher's plan are for instructors only; the chapters are for everyone.
    const role = (href: string) =>
      resources.find((r) => r.getAttribute('href') === href)?.getElementsByTagName('lomr:value')[0]?.textContent ?? null;
    expect(['pages/material1.html', 'pages/material2.html', 'pages/material3.html'].map(role)).toEqual([
      'Instructor',
      'Instructor',
      'Instructor',
    ]);
    expect(role('pages/title.html')).toBeNull();
    const homeworkPage = await zip.file('pages/material1.html')!.async('string');
    expect(homeworkPage).toContain('<html lang="de">');
    expect(homeworkPage).toContain('Count the microstates of two coins.');
    expect(await zip.file('pages/material2.html')!.async('string')).toContain('Toss two coins and list outcomes.');
    // Every file the manifest names is in the package.
    for (const f of Array.from(manifest.getElementsByTagName('file'))) expect(zip.file(f.getAttribute('href')!)).not.toBeNull();
    expect(manifest.getElementsByTagName('lomimscc:language')[0].textContent).toBe('de');
    const title = await zip.file('pages/title.html')!.async('string');
    expect(title).toContain('Licensed under Creative Commons Attribution-ShareAlike 4.0 International.');
  });
});
