/** A process-pool entry for its tests: echoes, holds memory, or waits, as each job asks. */
type Job = { echo?: string; holdMb?: number; heapObjectsMb?: number; waitMs?: number; reports?: number };

const held: Buffer[] = [];
const heapHeld: string[][] = [];
process.on('message', async (message: { id: number; job: Job }) => {
  const { job } = message;
  if (job.holdMb) {
    // Filled, so the pages are really resident.
    for (let i = 0; i < job.holdMb; i++) held.push(Buffer.alloc(1024 * 1024, 1));
  }
  // Objects on the V8 heap (not buffers): about 1 MB per array of 40,000 small strings.
  for (let i = 0; i < (job.heapObjectsMb ?? 0); i++) heapHeld.push(Array.from({ length: 40_000 }, (_, k) => `${i}:${k}`));
  if (job.waitMs) await new Promise((r) => setTimeout(r, job.waitMs));
  for (let i = 1; i <= (job.reports ?? 0); i++) process.send?.({ id: message.id, progress: { done: i, total: job.reports } });
  process.send?.({ id: message.id, echo: job.echo, pid: process.pid });
});
process.send?.({ ready: true });
