import { cleanHeadingTitle } from '@server/ai/shared/heading-title';

/**
 * What a unit of a document is for ("Kinds of documents"): teaching text gets a learning
 * apparatus (objectives, summary, key terms, review questions, quizzes); a document's front matter
 * (title page, authors, acknowledgements, licence, notation and version notes) and its logistics
 * (syllabus, schedule, grading, policies, contacts, an assignment's hand-in rules, a reading list)
 * keep their content but get none: "Explain equity and diversity in your own words" asks nothing
 * a course teaches.
 */
export type UnitKind = 'teaching' | 'front-matter' | 'logistics';

const frontMatterTitle =
  /^(?:title page|about (?:the |this )?(?:authors?|book|document|notes|lecture notes)|authors?|author information|acknowledge?ments?|copyright(?: notice)?|licen[cs]e|licensing|terms of use|(?:preface|foreword)(?:\s+(?:to\s+(?:the\s+)?(?:[\w-]+\s+){0,3}edition|by\s+.+))?|dedication|credits|colophon|general remarks|bug reports|errata|version(?: history)?|revision history|change ?log|notation(?: and (?:symbols|conventions))?|conventions|how to (?:use|read) (?:this|these) (?:book|document|notes)|disclaimer)$/i;

const logisticsTitle =
  /^(?:(?:course|class|module) (?:syllabus|information|info|outline|schedule|calendar|description|overview|policies|policy|logistics|requirements|materials|website|structure|organi[sz]ation|staff|details)|syllabus|schedule|(?:tentative |weekly |class )?schedule|calendar|important dates|key dates|timetable|grading(?: policy| scheme| criteria| rubric)?|grades?|marking(?: scheme| criteria| rubric)?|assessments? (?:scheme|weighting|overview|and grading)|course evaluations?|points(?: earned)?|total(?: points)?|rubric|office hours|contacts?(?: information| details)?|instructors?|teaching assistants?|tas?|staff|policies|(?:late|attendance|collaboration|grading|makeup|make-up|exam|regrade|laptop|electronics) polic(?:y|ies)|academic (?:integrity|honesty|misconduct|dishonesty)|plagiarism|late (?:work|submissions?|assignments?)|attendance|participation|prerequisites?|required (?:texts?|textbooks?|readings?|materials)|textbooks?|recommended (?:texts?|readings?|books)|reading list|readings|course materials|submissions?|how to (?:submit|hand in)|to hand in|hand-?in|what to (?:submit|hand in)|deliverables|due dates?|deadlines?|accommodations?|accessibility|disability (?:services|resources)|student (?:support|resources|services)|(?:equity|diversity|inclusion)(?:,? (?:and )?(?:equity|diversity|inclusion))*|land acknowledge?ment|announcements|getting help|learning outcomes|course (?:learning )?(?:goals|objectives|outcomes))$/i;

/** A heading naming an assignment or a problem set: its tasks and rules are handed out, not taught. */
const assignmentTitle =
  /^(?:assignment|homework|problem set|problem sheet|lab|project|coursework|worksheet|take-home exam)\s*(?:#?\s*\d+|[A-Z])?\s*(?:[:.\u2013-]|$)/i;

/** Lines that are dates, points, percentages, e-mail addresses or rooms: the texture of a schedule or a syllabus. */
const logisticsLine =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? \d{1,2}\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b\d+ ?(?:points?|pts|marks)\b|\b\d+ ?%|@[\w-]+\.\w|\b(?:due|deadline|office hours|room \w+|submit(?:ted)? (?:by|via|on|to))\b/i;

export interface UnitShape {
  title: string;
  /** Titles of the unit's sections. */
  childTitles?: string[];
  /** The unit's text lines (paragraphs, list items), in reading order. */
  lines?: string[];
}

/** True for a heading a course's logistics use (schedule, grading, policies, contacts). */
export function isLogisticsTitle(title: string): boolean {
  const t = cleanHeadingTitle(title);
  // "Development Platform Used for this Lecture": about the course, not its subject.
  return (
    logisticsTitle.test(t) ||
    assignmentTitle.test(t) ||
    // "Policy on the return of answer sheets", "Remarks on Grading Policy and Conventions", "Mark Style" (a grader's marks).
    /^polic(?:y|ies) (?:on|for|about|regarding)\b|\b(?:grading|marking) (?:polic(?:y|ies)|conventions?|scheme|criteria|guidelines?)\b|^mark(?:ing)? (?:style|symbols|conventions|legend)$/i.test(
      t,
    ) ||
    /\b(?:this|the|our) (?:lecture|course|class|module|semester|term|workshop)\b/i.test(t)
  );
}

/** True for a heading of a document's front matter (acknowledgements, licence, notation, bug reports). */
export function isFrontMatterTitle(title: string): boolean {
  return frontMatterTitle.test(cleanHeadingTitle(title));
}

/** The kind of a unit, from its title, its sections' titles and the texture of its lines. */
export function unitKind(unit: UnitShape): UnitKind {
  const children = unit.childTitles ?? [];
  const majority = (test: (t: string) => boolean) => children.length > 0 && children.filter(test).length * 2 >= children.length + 1;
  if (isFrontMatterTitle(unit.title) || majority(isFrontMatterTitle)) return 'front-matter';
  if (isLogisticsTitle(unit.title) || majority((t) => isLogisticsTitle(t) || isFrontMatterTitle(t))) return 'logistics';
  // Untitled logistics: most of its lines are dates, points, deadlines or addresses.
  const lines = (unit.lines ?? []).filter((l) => l.trim());
  if (lines.length >= 4 && lines.filter((l) => logisticsLine.test(l)).length * 2 > lines.length) return 'logistics';
  return 'teaching';
}
