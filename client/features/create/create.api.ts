import type { EmbeddingProgress } from '@common/extract';
import { limits } from '@common/limits';
import type { BookLength, TextbookDetail } from '@common/textbook';
import { ApiError, apiJson, apiRequest } from '@client/lib/api';
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
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : '';
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
  const res = await fetch('/api/extract-text', { method: 'POST', body: form, credentials: 'include' });
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
  /** Absent: the server's default, the whole material. */
  length?: BookLength;
}): Promise<GenerateOutlineResponse> {
  const form = buildMaterialForm(input.topic, input.material);
  form.append('approvedReferences', JSON.stringify(input.approvedReferences));
  form.append('jobId', input.jobId);
  if (input.length) form.append('length', input.length);
  try {
    return await apiJson<GenerateOutlineResponse>('POST', '/api/textbooks/generate-outline', form);
  } catch (err) {
    if (!lostOnTheWay(err)) throw err;
    return finishFromJob(input.jobId, err);
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

/** Misses of the job in a row (a server restarting) before the original failure is shown. */
const maxJobMisses = 10;

/** Follows the generation job until it ends, then answers as the generate call would have. */
async function finishFromJob(jobId: string, original: unknown): Promise<GenerateOutlineResponse> {
  let misses = 0;
  for (;;) {
    const job = await fetchGenerationJob(jobId);
    if (!job && ++misses >= maxJobMisses) throw original;
    if (job) misses = 0;
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
