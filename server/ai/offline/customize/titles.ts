/**
 * Labels a restructuring puts before a chapter title ("Week 3: ", "Beginner: ", "Part II: ").
 * A new restructuring removes them all first, so a title carries one prefix at most
 * ("Week 3: Matrices", never "Beginner: Week 1: Linear Algebra: Overview").
 */
const prefix =
  /^\s*(?:(?:week|session|module|unit|lecture|lesson|topic|part|day|class|chapter)\s+(?:\d+|[ivxlc]+)|beginner|intermediate|advanced|applications?)\s*[:.\-–—]\s*/i;

export function stripStructurePrefixes(title: string): string {
  let t = title;
  for (let i = 0; i < 6 && prefix.test(t); i++) t = t.replace(prefix, '');
  return t.trim() || title.trim();
}
