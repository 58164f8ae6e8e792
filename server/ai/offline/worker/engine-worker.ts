import { parentPort } from 'node:worker_threads';
import { splitSentences } from '@server/core/nlp';
import type { Embedder } from '@server/ai/embeddings';
import type { EngineContext } from '@server/ai/engine';
import { createRetriever } from '@server/ai/retrieval';
import { offlineOperations } from '../operations';
import { serializeError, type CallReply, type CallRequest, type EngineEvent, type EngineJob, type EngineReply } from './protocol';

/**
 * Worker entry of the offline engine: one operation at a time, by name. The engine's callbacks
 * into the request thread (query vectors) are calls answered through the same port; progress goes
 * out as events.
 */
const port = parentPort;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
let nextCall = 1;

function post(id: number, message: { event: EngineEvent } | EngineReply): void {
  port?.postMessage({ id, ...message });
}

function call(id: number, event: CallRequest): Promise<unknown> {
  const n = nextCall++;
  return new Promise((resolve, reject) => {
    pending.set(n, { resolve, reject });
    post(id, { event: { ...event, call: n } });
  });
}

function embedderFor(id: number, job: EngineJob): Embedder {
  return {
    model: job.embedderModel ?? 'none',
    embed: async (texts) => (await call(id, { method: 'embed', texts })) as number[][],
    close: async () => undefined,
  };
}

async function run(id: number, job: EngineJob): Promise<void> {
  try {
    if (job.op === 'warm') {
      // Loads the language model and the engine's modules before the first real request needs them.
      splitSentences('Warm up. The model loads once.');
      return post(id, { ok: true, output: null });
    }
    const ctx: EngineContext = {
      material: job.material,
      retriever: createRetriever(job.material, embedderFor(id, job)),
      onProgress: (progress, message) => post(id, { event: { progress, message } }),
    };
    const operation = offlineOperations[job.op] as (ctx: EngineContext, input: unknown) => Promise<unknown>;
    post(id, { ok: true, output: await operation(ctx, job.input) });
  } catch (err) {
    post(id, { ok: false, error: serializeError(err) });
  } finally {
    for (const waiting of pending.values()) waiting.reject(new Error('operation finished'));
    pending.clear();
  }
}

port?.on('message', (message: { id: number; job?: EngineJob; eventReply?: CallReply }) => {
  const reply = message.eventReply;
  if (reply) {
    const waiting = pending.get(reply.call);
    pending.delete(reply.call);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.message));
    return;
  }
  if (message.job) void run(message.id, message.job);
});
port?.postMessage({ ready: true });
