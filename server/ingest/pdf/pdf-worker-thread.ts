import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { PDFWorker, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * pdf.js parses the PDF in a thread of its own: page N+1 is parsed while the reader structures page N, instead of both
 * taking turns on one thread (pdf.js's "fake worker" in Node). One thread serves every document of the process; it keeps
 * the process alive only while a document is open. Where no thread can be started, or with PDFJS_WORKER_THREAD=0 (to
 * compare), pdf.js parses on the calling thread (its "fake worker").
 */
const workerSrc = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'legacy/build/pdf.worker.mjs'),
).href;

// Plain script (no bundler involved): pdf.js's own worker module answers on the port it is given. pdf.js's display layer
// gives the thread it loads on DOMMatrix and Path2D from the canvas package (Type 3 glyphs are compiled with them): this
// thread gets the same, as its fake worker had them on the main thread.
const threadScript = `
const { workerData } = require('node:worker_threads');
try {
  const canvas = require('node:module').createRequire(workerData.src)('@napi-rs/canvas');
  globalThis.DOMMatrix ??= canvas.DOMMatrix;
  globalThis.Path2D ??= canvas.Path2D;
} catch {}
import(workerData.src).then(({ WorkerMessageHandler }) => WorkerMessageHandler.initializeFromPort(workerData.port));
`;

interface Shared {
  thread: Worker;
  port: MessagePort;
  worker: PDFWorker;
  open: number;
}

let shared: Shared | undefined;

function start(): Shared | undefined {
  if (process.env.PDFJS_WORKER_THREAD === '0') return undefined;
  try {
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(threadScript, { eval: true, workerData: { src: workerSrc, port: port2 }, transferList: [port2] });
    // pdf.js types its port as the browser's Worker (null in its typings); a MessagePort has what it calls on one.
    const worker = new PDFWorker({ port: port1 as never, verbosity: VerbosityLevel.ERRORS });
    const state: Shared = { thread, port: port1, worker, open: 0 };
    const forget = () => {
      if (shared === state) shared = undefined;
    };
    thread.on('error', forget);
    thread.on('exit', forget);
    thread.unref();
    port1.unref();
    return state;
  } catch {
    return undefined;
  }
}

/**
 * The pdf.js worker for a document about to be opened, and the function to call once the document is destroyed (or
 * failed to open); undefined where no thread could be started (pdf.js then parses on this thread).
 */
export function pdfjsWorker(): { worker: PDFWorker; release: () => void } | undefined {
  shared ??= start();
  const state = shared;
  if (!state) return undefined;
  if (state.open++ === 0) {
    state.thread.ref();
    state.port.ref();
  }
  let released = false;
  return {
    worker: state.worker,
    release: () => {
      if (released) return;
      released = true;
      if (--state.open === 0) {
        state.thread.unref();
        state.port.unref();
      }
    },
  };
}
