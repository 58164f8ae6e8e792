const months =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const weekdays = '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?';

const patterns = [
  // "January 10, 2019", "10 January 2019", "Mon, Jan 10"
  new RegExp(
    `^(?:${weekdays},?\\s+)?(?:(?:${months})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${months})\\.?(?:,?\\s+\\d{4})?)$`,
    'i',
  ),
  // "2019-01-10", "10/01/2019"
  /^\d{4}-\d{2}-\d{2}$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/,
  // "Week 3", "Lecture 5", "Session 2", "Day 4", "Class 7" (optionally with a date after a separator)
  /^(?:week|lecture|session|day|class|meeting)\s+\d{1,3}[a-z]?(?:\s*[-–—:,(]\s*[\w ,./)]*\d[\w ,./)]*)?$/i,
];

/**
 * A heading that only names a meeting of a course ("January 10, 2019", "Week 3", "Lecture 5"):
 * in lecture notes it marks a session, not a topic, so the topics under it become the units.
 */
export function isSessionHeading(text: string): boolean {
  const t = text
    .replace(/[#*_]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length <= 60 && patterns.some((p) => p.test(t));
}

/** A date, or a numbered meeting, that opens a heading before its topic. */
const sessionLead = new RegExp(
  `^((?:${weekdays},?\\s+)?(?:(?:${months})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${months})\\.?(?:,?\\s+\\d{4})?)|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}|(?:week|lecture|session|day|class|meeting)\\s+\\d{1,3}[a-z]?)\\s*(?:[:–—|]|-\\s|,\\s|\\.\\s)\\s*(.+)$`,
  'i',
);

/**
 * A heading that names a meeting and its topic ("Jan 6: Discrete and continuous variables",
 * "Lecture 5 – Regression", "2019-01-10: Sampling"), cut in two: the session and the topic. The
 * topic must have words of its own (a second date is no topic). Undefined for any other heading.
 */
export function splitSessionTitle(text: string): { session: string; topic: string } | undefined {
  const t = text
    .replace(/[#*_]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const m = sessionLead.exec(t);
  if (!m) return undefined;
  const topic = m[2].trim();
  if (!/\p{L}{3,}/u.test(topic) || isSessionHeading(topic) || /^(?:part|cont(?:inued|'d)?)\b/i.test(topic)) return undefined;
  return { session: m[1].trim(), topic };
}
