import type { EmbeddingProgress } from '@common/extract';
import { lostWhileReadingMessage } from '@common/generate';
import { limits } from '@common/limits';
import type { BookLength, TextbookDetail } from '@common/textbook';
import { ApiError, apiFetch, apiJson, apiRequest, bodyMessage } from '@client/lib/api';
import type {
  ExtractTextResponse,
  GenerateOutlineResponse,
  GenerationJobResponse,
  MaterialInput,
  OutlineAssistantResponse,
  PreviewReferencesResponse,
  Reference,
  TextbookContent,
} from './create.types';

/** Files repeated in file mode; directContent + directMethod='true' (+ chapterTitle) in direct mode. */
function appendOwnMaterial(form: FormData, material: MaterialInput): boolean {
  if (material.mode === 'file' && material.files.length > 0) {
    for (const f of material.files) form.append('files', f, f.name);
    return true;
  }
  if (material.mode === 'direct' && material.directContent.trim()) {
    form.append('directContent', material.directContent);
    form.append('directMethod', 'true');
    if (material.chapterTitle.trim()) form.append('chapterTitle', material.chapterTitle.trim());
    return true;
  }
  return false;
}

/** Preview and generate fall back to 'Topic: {topic}' when the user gave no material. */
export function buildMaterialForm(topic: string, material: MaterialInput): FormData {
  const form = new FormData();
  form.append('topic', topic);
  if (!appendOwnMaterial(form, material)) form.append('directContent', `Topic: ${topic}`);
  return form;
}

async function serverMessage(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  try {
    return bodyMessage(JSON.parse(body)) ?? '';
  } catch {
    return body.length <= 300 ? body : '';
  }
}

/**
 * POST /api/extract-text. docs/product.md makes the reason 'Error: {status}' for a
 * non-OK answer; the server's own message follows it so the user learns why
 * (for example which file was corrupt).
 */
export async function extractText({ material, topic }: { material: MaterialInput; topic?: string }): Promise<ExtractTextResponse> {
  const form = new FormData();
  appendOwnMaterial(form, material);
  // A topic already typed steers the objectives (the analysis otherwise names them after the detected topic).
  if (topic?.trim()) form.append('topic', topic.trim());
  const res = await apiFetch('POST', '/api/extract-text', form);
  if (!res.ok) {
    const why = await serverMessage(res);
    throw new Error(why ? `Error: ${res.status} - ${why}` : `Error: ${res.status}`);
  }
  return (await res.json()) as ExtractTextResponse;
}

export function previewReferences(input: {
  topic: string;
  material: MaterialInput;
  existingReferences?: Reference[];
}): Promise<PreviewReferencesResponse> {
  const form = buildMaterialForm(input.topic, input.material);
  if (input.existingReferences && input.existingReferences.length > 0) {
    form.append('existingReferences', JSON.stringify(input.existingReferences));
  }
  return apiJson<PreviewReferencesResponse>('POST', '/api/textbooks/preview-references', form);
}

export async function generateOutline(input: {
  topic: string;
  material: MaterialInput;
  approvedReferences: Reference[];
  jobId: string;
  /** Told true while the server cannot be reached (the page says "Reconnecting…"), false once it answers again. */
  onReconnecting?: (reconnecting: boolean) => void;
  /** Absent: the server's default, the whole material. */
  length?: BookLength;
}): Promise<GenerateOutlineResponse> {
  const send = () => {
    const form = buildMaterialForm(input.topic, input.material);
    form.append('approvedReferences', JSON.stringify(input.approvedReferences));
    form.append('jobId', input.jobId);
    if (input.length) form.append('length', input.length);
    return apiJson<GenerateOutlineResponse>('POST', '/api/textbooks/generate-outline', form);
  };
  try {
    return await send();
  } catch (err) {
    if (!lostOnTheWay(err)) throw err;
    return finishFromJob(input.jobId, err, send, input.onReconnecting ?? (() => undefined));
  }
}

/**
 * A failed generate call whose answer never came from the server itself (the connection dropped,
 * or a proxy gave up waiting: 502/504 without our {message, code} body): the generation is a
 * durable job and may well go on.
 */
function lostOnTheWay(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  const body = err.body as { code?: unknown } | null;
  return [502, 503, 504].includes(err.status) && !(body && typeof body === 'object' && typeof body.code === 'string');
}

/** Answers of "no such job" in a row (404 from a server that is up) before the generation is sent again. */
const maxJobMisses = 10;

/**
 * How the job is followed while the server cannot be reached (it restarts in 6-25 s, issue
 * "Hardening II" M-2): polls spaced out up to `maxDelayMs`, for up to `giveUpAfterMs`. Tests
 * shorten them.
 */
export const jobPolling: { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number } = {
  firstDelayMs: limits.progressTickMs,
  maxDelayMs: 5000,
  giveUpAfterMs: 5 * 60_000,
};

type JobPoll = { job: GenerationJobResponse } | { missing: true } | { unreachable: true };

/** The job, or whether the server said it has none (404) or could not be reached at all. */
async function pollJob(jobId: string): Promise<JobPoll> {
  try {
    return { job: await apiJson<GenerationJobResponse>('GET', `/api/generation-jobs/${encodeURIComponent(jobId)}`) };
  } catch (err) {
    return lostOnTheWay(err) ? { unreachable: true } : { missing: true };
  }
}

/**
 * Follows the generation job until it ends, then answers as the generate call would have. While
 * the server is unreachable it keeps asking, less and less often, and says it is reconnecting.
 * A job the server never got, or lost while reading the files, is sent again under the same job
 * id, once: the server answers a re-sent generation with that job's book, never a second book.
 */
async function finishFromJob(
  jobId: string,
  original: unknown,
  resend: () => Promise<GenerateOutlineResponse>,
  onReconnecting: (reconnecting: boolean) => void,
): Promise<GenerateOutlineResponse> {
  let misses = 0;
  let delay = jobPolling.firstDelayMs;
  let unreachableSince: number | null = null;
  let resent = false;
  const sendAgain = async () => {
    resent = true;
    try {
      return await resend();
    } catch (err) {
      if (!lostOnTheWay(err)) throw err;
      return null;
    }
  };
  for (;;) {
    const poll = await pollJob(jobId);
    if ('unreachable' in poll) {
      unreachableSince ??= Date.now();
      onReconnecting(true);
      if (Date.now() - unreachableSince > jobPolling.giveUpAfterMs) throw original;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(jobPolling.maxDelayMs, Math.round(delay * 1.5));
      continue;
    }
    if (unreachableSince !== null) onReconnecting(false);
    unreachableSince = null;
    delay = jobPolling.firstDelayMs;
    const job = 'job' in poll ? poll.job : null;
    if (!job && ++misses >= maxJobMisses) {
      if (resent) throw original;
      const answer = await sendAgain();
      if (answer) return answer;
      misses = 0;
      continue;
    }
    if (job) misses = 0;
    if (job?.status === 'failed' && job.message === lostWhileReadingMessage && !resent) {
      const answer = await sendAgain();
      if (answer) return answer;
      continue;
    }
    if (job?.status === 'failed') throw new Error(job.message ?? 'The textbook could not be generated.');
    if (job?.status === 'done' && job.textbookId !== undefined) {
      const book = await apiJson<Pick<TextbookDetail, 'content'>>('GET', `/api/textbooks/${job.textbookId}`);
      return {
        textbookContent: book.content,
        extractedText: '',
        textbookId: job.textbookId,
        ...(book.content.notice ? { notice: book.content.notice } : {}),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, limits.progressTickMs));
  }
}

/** How far the background embeddings of these sources are; null when the server cannot say. */
export async function fetchEmbeddingProgress(sourceIds: number[]): Promise<EmbeddingProgress | null> {
  try {
    return await apiJson<EmbeddingProgress>('GET', `/api/sources/embeddings?ids=${sourceIds.join(',')}`);
  } catch {
    return null;
  }
}

/** Null while the job is unknown (404) or the endpoint is unreachable. */
export async function fetchGenerationJob(jobId: string): Promise<GenerationJobResponse | null> {
  try {
    return await apiJson<GenerationJobResponse>('GET', `/api/generation-jobs/${encodeURIComponent(jobId)}`);
  } catch {
    // A missing job, an older server without the endpoint or a dropped connection: the ticker takes over.
    return null;
  }
}

/** A failed call raises 'Failed to get response from AI assistant'. */
export async function askOutlineAssistant(body: {
  message: string;
  topic: string;
  textbookContent: TextbookContent;
  textbookId?: number;
}): Promise<OutlineAssistantResponse> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/ai/outline-assistant', body);
  } catch {
    throw new Error('Failed to get response from AI assistant');
  }
  return (await res.json()) as OutlineAssistantResponse;
}

/** crypto.randomUUID exists only in secure contexts; a plain-http LAN address still needs an id. */
export function newJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
