import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseGift } from '@server/test/export/gift-reader.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { skipWithoutXmllint, validateCcQti, xmllint } from '@server/test/export/qti-schema.support';
import { seedBook } from '@server/test/books.support';

const h = useHarness();

const base = (id: number, materialId: number) => `/api/textbooks/${id}/materials/${materialId}/download`;
const get = (user: TestUser | null, url: string) => h.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
describe('GET /api/textbooks/{id}/materials/{materialId}/download', () => {
  it('downloads a generated quiz in every format with its type and file name, for the owner and collaborators only', async () => {
    const owner = await h.createUser('owner');
    const collaborator = await h.createUser('collaborator');
    const stranger = await h.createUser('stranger');
    const {
      book,
      materials: [quiz],
    } = await seedBook(h, owner, { collaborators: [collaborator], materials: ['quiz'] });
    const questions = quiz.content.questions!;

    const expected = {
      qti: ['application/zip', 'Quiz-Food-Webs.qti.zip'],
      moodle: ['application/xml; charset=utf-8', 'Quiz-Food-Webs.xml'],
      gift: ['text/plain; charset=utf-8', 'Quiz-Food-Webs.gift.txt'],
      docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Quiz-Food-Webs.docx'],
      pdf: ['application/pdf', 'Quiz-Food-Webs.pdf'],
    } as const;
    for (const [format, [mime, name]] of Object.entries(expected)) {
      const res = await get(collaborator, `${base(book.id, quiz.id)}?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(res.rawPayload.length).toBeGreaterThan(100);
    }

    // The generated quiz, as an LMS gets it: every question in the GIFT file and in the QTI, which is valid.
    const gift = parseGift((await get(owner, `${base(book.id, quiz.id)}?format=gift`)).body);
    expect(gift.questions.map((q) => q.prompt)).toEqual(questions.map((q) => q.prompt));
    const zip = await JSZip.loadAsync((await get(owner, `${base(book.id, quiz.id)}?format=qti`)).rawPayload);
    const xml = await zip.file('assessment/assessment.xml')!.async('string');
    if (xmllint) {
      const result = validateCcQti(xml);
      expect(result.errors).toBe('');
      expect(result.items).toBe(questions.length);
    } else console.warn(skipWithoutXmllint);

    expect((await get(stranger, `${base(book.id, quiz.id)}?format=gift`)).statusCode).toBe(404);
    expect((await get(null, `${base(book.id, quiz.id)}?format=gift`)).statusCode).toBe(401);
    expect((await get(owner, `${base(book.id, quiz.id + 999)}?format=gift`)).statusCode).toBe(404);
    const bad = await get(owner, `${base(book.id, quiz.id)}?format=scorm`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format must be one of qti, moodle, gift, docx, pdf');
  });

  it('downloads an assessment; a lesson plan has no questions and answers 400', async () => {
    const owner = await h.createUser('teacher');
    const {
      book,
      materials: [exam, plan],
    } = await seedBook(h, owner, { materials: ['assessment', 'lessonPlan'] });
    const res = await get(owner, `${base(book.id, exam.id)}?format=moodle`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.match(/<question type="(?!category)/g)?.length).toBe(exam.content.items!.length);
    const refused = await get(owner, `${base(book.id, plan.id)}?format=pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Only quizzes and assessments');
  });
});
