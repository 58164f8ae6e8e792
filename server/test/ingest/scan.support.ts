import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Pages made for the recognition tests: a known text (written for these tests) drawn with
 * @napi-rs/canvas at 300 dpi, so what recognition should read is known exactly.
 */
export const scanHeading = 'Light and the Leaf';
export const scanParagraphs = [
  'A leaf is a thin solar panel. Its upper cells hold many chloroplasts, and each chloroplast stacks its membranes so that little light passes through unused.',
  'Chlorophyll absorbs red and blue light strongly but reflects green, which is why most leaves look green to us. Other pigments catch the colours that chlorophyll misses.',
  'When light is weak, the rate of photosynthesis rises in step with it. When light is strong, the rate levels off because the enzymes that fix carbon dioxide cannot keep up.',
];

function wrap(ctx: { measureText(t: string): { width: number } }, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A half A4 page at 300 dpi (a whole page with `fullPage`: the paragraphs three times over): the
 * heading at 22 pt, the paragraphs at 12 pt; optionally turned and speckled like a photo, as JPEG.
 */
export function renderScan(
  options: { rotateDeg?: number; noise?: number; jpeg?: boolean; fullPage?: boolean; heading?: string; shift?: number } = {},
): {
  data: Buffer;
  width: number;
  height: number;
  text: string;
} {
  const width = 2480;
  const height = options.fullPage ? 3508 : 1800;
  // `shift` starts the paragraphs further on, so pages of one scan differ.
  const rotated = [...scanParagraphs.slice((options.shift ?? 0) % 3), ...scanParagraphs.slice(0, (options.shift ?? 0) % 3)];
  const paragraphs = options.fullPage ? [...rotated, ...rotated, ...rotated] : rotated;
  const heading = options.heading ?? scanHeading;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = options.noise ? '#f2efe6' : 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  if (options.rotateDeg) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate((options.rotateDeg * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
  }
  ctx.fillStyle = '#111';
  ctx.font = 'bold 92px serif';
  ctx.fillText(heading, 240, 300);
  ctx.font = '50px serif';
  let y = 460;
  for (const para of paragraphs) {
    for (const line of wrap(ctx, para, width - 480)) {
      ctx.fillText(line, 240, y);
      y += 72;
    }
    y += 50;
  }
  ctx.restore();
  if (options.noise) {
    // Uneven light (a shadow across the page) and dust, from a fixed sequence (no Math.random) so the page is the same on every run.
    const shadow = ctx.createLinearGradient(0, 0, width, height);
    shadow.addColorStop(0, 'rgba(0,0,0,0)');
    shadow.addColorStop(1, 'rgba(60,50,30,0.18)');
    ctx.fillStyle = shadow;
    ctx.fillRect(0, 0, width, height);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    ctx.fillStyle = 'rgba(40,40,40,0.5)';
    for (let i = 0; i < options.noise; i++) ctx.fillRect(next() * width, next() * height, 1 + next() * 2, 1 + next() * 2);
  }
  return {
    data: options.jpeg ? canvas.toBuffer('image/jpeg', 70) : canvas.toBuffer('image/png'),
    width,
    height,
    text: [heading, ...paragraphs].join(' '),
  };
}

/** The known text as recognition should give it: heading and paragraphs, spaces collapsed. */
export const scanText = [scanHeading, ...scanParagraphs].join(' ');

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** Character accuracy: 1 - edit distance / length of the expected text (whitespace collapsed). */
export function charAccuracy(expected: string, actual: string): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const e = norm(expected);
  return Math.max(0, 1 - distance(e, norm(actual)) / e.length);
}

/**
 * A page photographed with the phone held sideways: the pixels stored turned a quarter to the
 * left, with EXIF orientation 6 ("turn a quarter right to show"), as phones write them.
 */
export async function sidewaysPhoto(): Promise<Buffer> {
  const page = renderScan();
  const upright = await loadImage(page.data);
  const canvas = createCanvas(page.height, page.width);
  const ctx = canvas.getContext('2d');
  ctx.translate(0, page.width);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(upright, 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', 85);
  const exif = Buffer.from(
    `ffe10022${Buffer.from('Exif\0\0').toString('hex')}49492a00080000000100120103000100000006000000${'00000000'}`,
    'hex',
  );
  return Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
}

/** The rows of an exam paper's cover (written for these tests): each a label and its value, one under the other. */
export const coverRows = [
  'Course Code and Title: BIOL1101 Cells and Organisms',
  'Date and Time: Monday 11 December 2023 at nine in the morning',
  'INSTRUCTIONS TO CANDIDATES: This paper has 6 pages and 4 questions',
];

/**
 * An exam paper's cover at 300 dpi, as a copier scans it: a title, then the labelled rows set close under one
 * another at 12 pt (the way such a form is typed), then a gap and a centred line of instructions.
 */
export function renderCoverScan(): { data: Buffer; width: number; height: number } {
  const width = 2480;
  const height = 1800;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111';
  ctx.font = 'bold 60px serif';
  ctx.fillText('FINAL EXAMINATIONS OF December 2023', 640, 300);
  ctx.font = '50px serif';
  let y = 480;
  for (const row of coverRows) {
    ctx.fillText(row, 240, y);
    y += 62;
  }
  ctx.fillText('Answer ALL questions in the booklet provided.', 700, y + 400);
  return { data: canvas.toBuffer('image/png'), width, height };
}
