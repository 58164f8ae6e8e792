/**
 * A material as a reader link shows it: the questions without their answer keys. A quiz's answer,
 * explanation and source sentence, an assessment item's answer and a homework problem's expected
 * answer are the teacher's; the page only hid them, and anyone reading the link's JSON had them.
 * Owners and collaborators get them through the materials API as before.
 */
function strip(record: unknown, keys: readonly string[]): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  const out: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const key of keys) delete out[key];
  return out;
}

const answerKeys: Record<string, { list: string; keys: readonly string[] }> = {
  quiz: { list: 'questions', keys: ['answer', 'explanation', 'source'] },
  assessment: { list: 'items', keys: ['answer'] },
  homework: { list: 'problems', keys: ['expectedAnswer'] },
};

export function withoutAnswerKeys(contentType: string, content: unknown): unknown {
  const rule = answerKeys[contentType];
  if (!rule || !content || typeof content !== 'object') return content;
  const list = (content as Record<string, unknown>)[rule.list];
  if (!Array.isArray(list)) return content;
  return { ...(content as Record<string, unknown>), [rule.list]: list.map((entry) => strip(entry, rule.keys)) };
}
