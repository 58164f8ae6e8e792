/** A shape's or a connector's place on the slide, in EMU. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A short text shape that may be one of a flowchart's boxes or one of its branch labels. */
export interface Label extends Box {
  text: string;
  geometry?: string;
}

/** How near (EMU, a third of an inch) a label sits to a connector to belong to it: exported decks leave gaps between them. */
const near = 300_000;
/** A flowchart box holds a step ("n = n - 1", "print(n)", "Move i ahead"), not a sentence. */
const maxLabel = 50;
/** The words a decision's arrows are labelled with. */
const branch = /^(yes|no|true|false|y|n|t|f)$/i;
const decision = /^(diamond|flowChartDecision)$/;

function gap(a: Box, b: Box): number {
  const dx = Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w));
  const dy = Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.max(dx, dy);
}

const centre = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/**
 * The labels of a flowchart drawn with shapes and connectors (p:cxnSp), as one line of text, and which labels it took.
 *
 * A student reads a flowchart as its steps in order with the decisions' branches, so that is what the line gives:
 * "Flowchart: n = 5; n > 0 ? (Yes / No); print(n); n = n - 1; print('Blastoff').", the boxes from top to bottom (left to
 * right on one level), each decision followed by its branch labels. The arrows themselves are not traced: decks exported
 * from other tools draw them as loose segments that name no shape (no stCxn/endCxn), and a wrong arrow would teach a
 * wrong program; the listing the flowchart illustrates is on the slide beside it. One-word paragraphs ("Yes", "No")
 * scattered through the text would say nothing at all.
 *
 * A flowchart is at least two connectors and three short labels touching them, one of them a decision (a diamond); without
 * one, two of the connectors must join two labels each (then it is a "Diagram"): two callouts pointing into a listing
 * ("Iteration variable") are not one.
 */
export function flowchartOf(labels: Label[], connectors: Box[]): { text: string; members: Set<number> } | undefined {
  if (connectors.length < 2) return undefined;
  const members = new Set<number>();
  const hasDecision = labels.some((l) => decision.test(l.geometry ?? ''));
  labels.forEach((l, i) => {
    // A decision's "Yes" and "No" may sit further off the arrow they name.
    const reach = hasDecision && branch.test(l.text) ? 2 * near : near;
    if (l.text.length <= maxLabel && /\p{L}|\d/u.test(l.text) && connectors.some((c) => gap(l, c) <= reach)) members.add(i);
  });
  const chosen = [...members].map((i) => ({ ...labels[i], i }));
  const decisions = chosen.filter((l) => decision.test(l.geometry ?? ''));
  // Without a decision, boxes the arrows join to each other: two arrows at least from box to box ("'banana' (a string)"
  // -> "len() function" -> "6 (a number)"); arrows from a label into a listing or a picture are callouts.
  const joining = connectors.filter((c) => chosen.filter((l) => gap(l, c) <= near).length >= 2).length;
  if (chosen.length < 3 || (!decisions.length && joining < 2)) return undefined;
  // Numbers joined by arrows (an expression evaluated step by step, a long division) are arithmetic drawn, not a process.
  if (!decisions.length && chosen.filter((l) => /\p{L}{2}/u.test(l.text)).length < chosen.length / 2) return undefined;
  const branches = new Map<number, string[]>();
  const steps = chosen.filter((l) => {
    if (!decisions.length || !branch.test(l.text)) return true;
    const c = centre(l);
    const dist = (d: Box) => Math.hypot(centre(d).x - c.x, centre(d).y - c.y);
    const owner = decisions.reduce((a, b) => (dist(b) < dist(a) ? b : a));
    branches.set(owner.i, [...(branches.get(owner.i) ?? []), l.text]);
    return false;
  });
  // Top to bottom by centre; boxes whose centres are within half a box of each other are on one level, left to right.
  steps.sort((a, b) => {
    const dy = centre(a).y - centre(b).y;
    return Math.abs(dy) < Math.min(a.h, b.h) / 2 ? a.x - b.x : dy;
  });
  const text = steps
    .map((s) => {
      const b = branches.get(s.i);
      return b
        ? `${s.text} (${b.sort((x, y) => (/^(yes|true|y|t)$/i.test(x) ? -1 : /^(yes|true|y|t)$/i.test(y) ? 1 : 0)).join(' / ')})`
        : s.text;
    })
    .join('; ');
  // Boxes joined by arrows without a decision are a diagram (a computer's parts and the flow between them), not a program.
  // A stop of its own at the end: the line is a sentence the book made, not a paragraph cut short.
  return { text: `${decisions.length ? 'Flowchart' : 'Diagram'}: ${text}${/[.?!]$/.test(text) ? '' : '.'}`, members };
}
