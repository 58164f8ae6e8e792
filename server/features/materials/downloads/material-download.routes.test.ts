import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TextbookContentInput } from '@common/textbook';
import { parseGift } from '@server/test/export/gift-reader.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { skipWithoutXmllint, validateCcQti, xmllint } from '@server/test/export/qti-schema.support';
import { createBook, shareBook } from '@server/test/books.support';

const h = useHarness();

const content: TextbookContentInput = {
  title: 'Ecology Basics',
  language: 'en',
  references: [],
  chapters: [
    {
      title: 'Food Webs',
      content:
        '<p>A food web is a network of feeding relationships in an ecosystem. Primary producers capture energy from sunlight and store it in organic matter. ' +
        'Primary consumers eat primary producers, and secondary consumers eat primary consumers. A decomposer is an organism that breaks down dead matter and returns nutrients to the soil.</p>',
      sections: [
        {
          title: 'Energy Flow',
          content:
            '<p>Only about 10% of the energy at one trophic level reaches the next trophic level. The rest of the energy is lost as heat during respiration. ' +
            'Because energy is lost at every step, food chains rarely have more than 5 trophic levels. A trophic level is the position an organism occupies in a food chain.</p>',
        },
      ],
    },
  ],
};

const base = (id: number, materialId: number) => `/api/textbooks/${id}/materials/${materialId}/download`;
const get = (user: TestUser | null, url: string) => h.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const generate = async (user: TestUser, bookId: number, contentType: string) => {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/textbooks/${bookId}/materials`,
    payload: { contentType, chapterIndex: 0 },
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().material as { id: number; title: string; content: { questions?: Array<{ prompt: string }>; items?: unknown[] } };
};

describe('GET /api/textbooks/{id}/materials/{materialId}/download', () => {
  it('downloads a generated quiz in every format with its type and file name, for the owner and collaborators only', async () => {
    const owner = await h.createUser('owner');
    const collaborator = await h.createUser('collaborator');
    const stranger = await h.createUser('stranger');
    const book = await createBook(h, owner, { topic: 'Ecology', content });
    await shareBook(h, book.id, collaborator);
    const quiz = await generate(owner, book.id, 'quiz');
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
    const book = await createBook(h, owner, { topic: 'Ecology', content });
    const exam = await generate(owner, book.id, 'assessment');
    const res = await get(owner, `${base(book.id, exam.id)}?format=moodle`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.match(/<question type="(?!category)/g)?.length).toBe(exam.content.items!.length);
    const plan = await generate(owner, book.id, 'lessonPlan');
    const refused = await get(owner, `${base(book.id, plan.id)}?format=pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Only quizzes and assessments');
  });
});
