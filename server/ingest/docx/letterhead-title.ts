/**
 * A syllabus typed under its institution's letterhead: "Recep Tayyip Erdogan University", "Faculty of Engineering and
 * Architecture", "Computer Engineering", then the course, "CE205- Data Structures", and "Syllabus". Read as bold lines,
 * the letterhead's first line was the first heading and titled the book; the course line is the document's title.
 */
import type { DocBlock } from '@server/core/document-model';

/** Institution words in the languages the product reads: a university, faculty, department, school, college, institute. */
const institutionWord =
  '(?:universit(?:y|ät|é|à|ad|ade|eit)|üniversitesi|fakültesi|bölümü|faculty|fakultät|faculté|facoltà|facultad|department|abteilung|département|departamento|dipartimento|school|college|institute|institut|instituto|istituto|academy|akademie|académie)';
/** It opens the line with what follows it: "University of Bristol", "Faculty of Engineering", "Institut für Informatik". */
const opensWith = new RegExp(`^(?:the\\s+)?${institutionWord}\\s+(?:of|for|für|de|des|du|di|del|della|at)\\b`, 'iu');
/** It closes the line after the name: "Recep Tayyip Erdogan University", "Mühendislik Fakültesi". */
const closesWith = new RegExp(`${institutionWord}$`, 'iu');
/**
 * It stands inside the name: "Massachusetts Institute of Technology", "Technische Universität München". Not first with
 * a subject after it: "College Algebra" and "University Physics" are courses and books.
 */
const standsInside = new RegExp(
  `\\s(?:${institutionWord}\\s+(?:of|for|für|de|des|du|di|del|della|at)\\b|(?:universität|université|università|universidad|universidade|universiteit)\\s)`,
  'iu',
);

/**
 * A line of a letterhead: an institution's name, each word capitalised ("of", "and", "für" aside), with no sentence in
 * it. A title about a university ("A History of the University") names one only in its last words, after "the".
 */
export function isLetterheadLine(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || t.split(' ').length > 10 || /[.:;!?]$/.test(t)) return false;
  const named = t
    .split(' ')
    .every((w) => /^[\p{Lu}\d&(“"'-]/u.test(w) || /^(?:of|and|for|the|at|in|für|und|de|des|du|et|di|e|y|del|della|la|le|ve)$/u.test(w));
  if (!named) return false;
  return opensWith.test(t) || standsInside.test(t) || (closesWith.test(t) && !/\bthe\s+\S+$/iu.test(t));
}

/** A course code ("CE205", "MATH 101", "CS-1010"), and the words of a syllabus or a course. */
const courseCode = /\b\p{Lu}{2,5}[ -]?\d{3,4}\p{Lu}?\b/u;
const courseWords = /\b(?:syllabus|course|lehrveranstaltung|cours|ders)\b/iu;

/**
 * The course line under a letterhead, when the document opens on one: among its opening lines (pictures such as a logo
 * aside; up to the first table, list or sentence), the first is a letterhead line and one of the four after it, no
 * letterhead line itself, names the course: by its code, else by the words of a course with more than them ("Course
 * Syllabus" alone names none). Undefined otherwise.
 */
export function titleUnderLetterhead(blocks: DocBlock[]): string | undefined {
  const opening: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'figure' && !b.text.trim()) continue;
    const text = b.text.replace(/\s+/g, ' ').trim();
    if ((b.kind !== 'heading' && b.kind !== 'paragraph') || text.split(' ').length > 12 || /[.;!?]$/.test(text)) break;
    opening.push(text);
    if (opening.length === 5) break;
  }
  if (!opening.length || !isLetterheadLine(opening[0])) return undefined;
  // After the letterhead's other lines and the department's name typed without "Department of" ("Computer Engineering").
  const lines = opening.slice(1).filter((line) => !isLetterheadLine(line) && /\p{L}{3}/u.test(line));
  return (
    lines.find((line) => courseCode.test(line)) ??
    lines.find((line) => courseWords.test(line) && /\p{L}{3}/u.test(line.replace(new RegExp(courseWords.source, 'giu'), '')))
  );
}
