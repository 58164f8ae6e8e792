import { renderExport } from './server/features/export/render-export';
const words = 'motion force energy momentum velocity the a of and to in is that'.split(' ');
const s = () => Array.from({length: 15}, (_, i) => words[(i*7)%words.length]).join(' ') + '.';
const p = (n: number) => Array.from({length:n}, s).join(' ');
const content = { title: 'B', references: [], chapters: Array.from({length: 100}, (_, c) => ({ title: `Chapter ${c}`, content: `<p>${p(3)}</p>`, sections: Array.from({length: 20}, (_, j) => ({ title: `S ${c}.${j}`, content: `<h3>Key</h3><p>${p(5)}</p><p><strong>${s()}</strong> ${p(4)}</p><ul><li>${s()}</li><li>${s()}</li></ul><p>${p(5)} See <a href="https://doi.org/x">ref</a>.</p><p>The relation <span data-type="inline-math" data-latex="F = ma"></span> ${p(3)}</p>` })) })) };
for (const format of (process.argv[2] ?? 'pdf').split(',')) {
  const t = performance.now(); const c0 = process.cpuUsage();
  const r = await renderExport({ format: format as never, topic: 'B', contentJson: JSON.stringify(content), authors: ['a'], date: '2026-11-24', materials: [], includeAppendix: false, images: [], maxOutputBytes: 1e9 });
  const c = process.cpuUsage(c0);
  console.log(format, r.ok, ((performance.now() - t)/1000).toFixed(1), 's wall', ((c.user+c.system)/1e6).toFixed(1), 's cpu');
}
