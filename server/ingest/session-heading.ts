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
