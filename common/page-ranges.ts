/** Pages as a reader names them: "page 4", "pages 2–5", "pages 2–5, 9 and 11–12" (sorted, repeats once). */
export function pageRangeText(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  const list = ranges.length > 1 ? `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}` : (ranges[0] ?? '');
  return `${sorted.length > 1 ? 'pages' : 'page'} ${list}`;
}
