import { assessmentContentSchema, quizContentSchema } from '@common/materials';
import { xmlEscape } from '@server/features/export/xml';

/**
 * QTI 1.2 under the Common Cartridge profile: one <assessment> with one section of items. Each item says its
 * CC profile (multiple choice, true/false, fill-in-the-blank, essay), lists its choices, marks the correct
 * one in <resprocessing> (SCORE set to 100), and carries its explanation as item feedback.
 */
export interface QtiItem {
  profile: 'cc.multiple_choice.v0p1' | 'cc.true_false.v0p1' | 'cc.fib.v0p1' | 'cc.essay.v0p1';
  prompt: string;
  /** Choices for multiple choice and true/false. */
  options?: string[];
  /** The correct choice or the accepted short answer. */
  answer?: string;
  feedback?: string;
  points: number;
}

const field = (label: string, entry: string) =>
  `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${xmlEscape(entry)}</fieldentry></qtimetadatafield>`;
const mattext = (text: string) => `<material><mattext texttype="text/plain">${xmlEscape(text)}</mattext></material>`;

/**
 * A short answer an LMS can mark by matching what the student types: a word or a short phrase. Longer
 * model answers (the offline engine quotes whole passages) could never be typed back letter for letter, so
 * those questions become essays marked by hand, with the model answer in the feedback.
 */
const maxMatchableWords = 5;
const maxMatchableChars = 60;
export const isMatchableAnswer = (answer: string) =>
  answer.trim().length <= maxMatchableChars && answer.trim().split(/\s+/).length <= maxMatchableWords;

const withModelAnswer = (answer: string, rest?: string) => [`Model answer: ${answer}`, rest ?? ''].filter(Boolean).join('\n');

/** Quiz and assessment materials as items; anything else has none. */
export function itemsOf(contentType: string, content: unknown): QtiItem[] {
  if (contentType === 'quiz') {
    const quiz = quizContentSchema.safeParse(content);
    if (!quiz.success) return [];
    return quiz.data.questions.map((q) => {
      if (q.type === 'multiple-choice')
        return {
          profile: 'cc.multiple_choice.v0p1',
          prompt: q.prompt,
          options: q.options,
          answer: q.answer,
          feedback: q.explanation,
          points: 1,
        };
      if (q.type === 'true-false')
        return {
          profile: 'cc.true_false.v0p1',
          prompt: q.prompt,
          options: ['True', 'False'],
          answer: q.answer,
          feedback: q.explanation,
          points: 1,
        };
      if (isMatchableAnswer(q.answer))
        return { profile: 'cc.fib.v0p1', prompt: q.prompt, answer: q.answer, feedback: q.explanation, points: 1 };
      return { profile: 'cc.essay.v0p1', prompt: q.prompt, feedback: withModelAnswer(q.answer, q.explanation), points: 1 };
    });
  }
  if (contentType === 'assessment') {
    const parsed = assessmentContentSchema.safeParse(content);
    if (!parsed.success) return [];
    return parsed.data.items.map((item) => {
      const rubric = item.rubric?.length ? `Rubric: ${item.rubric.join('; ')}` : undefined;
      if (item.type === 'multiple-choice')
        return {
          profile: 'cc.multiple_choice.v0p1',
          prompt: item.prompt,
          options: item.options,
          answer: item.answer,
          feedback: rubric,
          points: item.points,
        };
      if (item.type === 'true-false')
        return {
          profile: 'cc.true_false.v0p1',
          prompt: item.prompt,
          options: ['True', 'False'],
          // An item without an answer is left unscored rather than given one.
          answer: /^(true|false)$/i.test(item.answer ?? '') ? (/^t/i.test(item.answer!) ? 'True' : 'False') : undefined,
          feedback: rubric,
          points: item.points,
        };
      if (item.type === 'short-answer' && item.answer && isMatchableAnswer(item.answer))
        return { profile: 'cc.fib.v0p1', prompt: item.prompt, answer: item.answer, feedback: rubric, points: item.points };
      return {
        profile: 'cc.essay.v0p1',
        prompt: item.prompt,
        feedback: item.answer ? withModelAnswer(item.answer, rubric) : rubric,
        points: item.points,
      };
    });
  }
  return [];
}

/** The CC profile takes an item's weight as a whole number from 1 to 99 (its rule 2c); points beyond are capped there. */
const ccWeighting = (points: number) => Math.min(99, Math.max(1, Math.round(points)));

function itemXml(item: QtiItem, n: number, prefix: string): string {
  const ident = `${prefix}_q${n}`;
  const feedbackRef = item.feedback ? `<displayfeedback feedbacktype="Response" linkrefid="general_fb"/>` : '';
  const general = item.feedback ? `<respcondition continue="Yes"><conditionvar><other/></conditionvar>${feedbackRef}</respcondition>` : '';
  let response = '';
  let scoring = '';
  if (item.profile === 'cc.multiple_choice.v0p1' || item.profile === 'cc.true_false.v0p1') {
    const options = item.options ?? [];
    const labels = options.map((o, i) => `<response_label ident="${ident}_c${i + 1}">${mattext(o)}</response_label>`).join('');
    response = `<response_lid ident="response1" rcardinality="Single"><render_choice>${labels}</render_choice></response_lid>`;
    const correct = options.indexOf(item.answer ?? '');
    if (correct >= 0)
      scoring = `<respcondition continue="No"><conditionvar><varequal respident="response1">${ident}_c${correct + 1}</varequal></conditionvar><setvar action="Set" varname="SCORE">100</setvar></respcondition>`;
  } else if (item.profile === 'cc.fib.v0p1') {
    response = `<response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1"/></render_fib></response_str>`;
    scoring = `<respcondition continue="No"><conditionvar><varequal respident="response1" case="No">${xmlEscape(item.answer ?? '')}</varequal></conditionvar><setvar action="Set" varname="SCORE">100</setvar></respcondition>`;
  } else {
    response = `<response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1" rshuffle="No"/></render_fib></response_str>`;
  }
  const feedback = item.feedback ? `<itemfeedback ident="general_fb"><flow_mat>${mattext(item.feedback)}</flow_mat></itemfeedback>` : '';
  // CC QTI rule 8f: an essay says it is marked by a person, not the LMS.
  const handMarked = item.profile === 'cc.essay.v0p1' ? field('qmd_computerscored', 'No') : '';
  return `<item ident="${ident}" title="Question ${n}">
<itemmetadata><qtimetadata>${field('cc_profile', item.profile)}${field('cc_weighting', String(ccWeighting(item.points)))}${handMarked}</qtimetadata></itemmetadata>
<presentation>${mattext(item.prompt)}${response}</presentation>
<resprocessing><outcomes><decvar varname="SCORE" vartype="Decimal" minvalue="0" maxvalue="100"/></outcomes>${general}${scoring}</resprocessing>
${feedback}
</item>`;
}

export function assessmentXml(ident: string, title: string, items: readonly QtiItem[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_qtiasiv1p2p1_v1p0.xsd">
<assessment ident="${ident}" title="${xmlEscape(title)}">
<qtimetadata>${field('cc_profile', 'cc.exam.v0p1')}${field('qmd_assessmenttype', 'Examination')}${field('cc_maxattempts', 'unlimited')}</qtimetadata>
<section ident="${ident}_section">
${items.map((item, i) => itemXml(item, i + 1, ident)).join('\n')}
</section>
</assessment>
</questestinterop>
`;
}
