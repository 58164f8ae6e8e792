import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixturePath } from '../fixture-path.support';

/** One answer of the stand-in: an HTTP status, headers and a JSON body. */
export interface StandInReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A chat completion request as the stand-in received it. */
export interface StandInRequest {
  path: string;
  model: string;
  /** The messages' text, joined: what the model was asked. */
  prompt: string;
  body: Record<string, unknown>;
}

/** A recorded response from test-fixtures/llm/ (see its README). */
export function recorded(name: string, status = 200, headers?: Record<string, string>): StandInReply {
  return { status, headers, body: JSON.parse(readFileSync(fixturePath(`llm/${name}`), 'utf8')) };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (c: Buffer) => parts.push(c));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local server speaking the OpenAI chat completions API (the only other
 * stand-in docs/decisions.md allows besides the scripted model): the LLM
 * engine talks to it over real HTTP through the AI SDK's openai-compatible
 * provider. `reply` picks the answer for each request (by what it asks, so
 * concurrent calls get the right one); every request is recorded.
 */
export async function startOpenAiStandIn(reply: (request: StandInRequest, index: number) => StandInReply) {
  const requests: StandInRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const messages = (body.messages ?? []) as Array<{ content: unknown }>;
    const prompt = messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
    const request: StandInRequest = { path: req.url ?? '', model: String(body.model ?? ''), prompt, body };
    requests.push(request);
    const answer =
      req.method === 'POST' && req.url === '/v1/chat/completions'
        ? reply(request, requests.length - 1)
        : { status: 404, body: { error: { message: 'Not found' } } };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
