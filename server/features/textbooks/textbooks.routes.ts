import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okAnswer, okResponse } from '@common/ok-response';
import { textbookDetail, textbookListResponse } from '@common/textbook';
import { patchTextbookBody, textbookIdParams, trashListResponse } from '@common/textbooks-api';
import { jsonWithContent } from '@server/db/content-json';
import { currentUser } from '@server/http/authenticate';
import type { AppDeps } from '@server/features/app-deps';
import { requestContext } from '@server/features/request-context';
import { saveTextbook } from './save/textbook-save.service';
import { lastSeen, markSeen } from './seen-revisions';
import { deleteForever, listTrash, restoreTextbook, trashTextbook } from './textbook-trash';
import { acceptedEncodings, forgetOnEvent, readTextbookAnswer } from './textbook-read-cache';
import { getTextbook, listTextbooks, presentDetail } from './textbooks.service';

/**
 * GET/DELETE/PATCH /api/textbooks.... GET {id} and PATCH send JSON text made once (a textbook can
 * be 5 MB), so they have no response schema: the API reference describes them from
 * server/http/openapi-docs.ts. Every other route's answer goes through its schema.
 */
export function registerTextbookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/textbooks', { schema: { response: { 200: textbookListResponse } } }, async (request) =>
    listTextbooks(requestContext(deps, request)),
  );

  // The stored JSON as it is, from memory while nothing changed (textbook-read-cache.ts).
  deps.events.subscribe((event) => forgetOnEvent(deps.database, event));
  r.get('/api/textbooks/:id', { schema: { params: textbookIdParams } }, async (request, reply) => {
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const answer = await readTextbookAnswer(deps.database, currentUser(request).id, request.params.id, Date.now(), accepted);
    markSeen(currentUser(request).id, request.params.id, answer.revision);
    // Revalidated every time (the textbook query is always stale), answered 304 while the revision stands.
    reply.header('Cache-Control', 'private, no-cache').header('ETag', answer.etag).header('Vary', 'Accept-Encoding, Cookie');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    if (answer.encoding) reply.header('Content-Encoding', answer.encoding);
    return reply.type('application/json; charset=utf-8').send(answer.body);
  });

  // To the owner's trash, restorable for 30 days; the answer is the same as a deletion's.
  r.delete('/api/textbooks/:id', { schema: { params: textbookIdParams, response: { 200: okResponse } } }, async (request) => {
    await trashTextbook(requestContext(deps, request), request.params.id);
    return okAnswer;
  });

  r.get('/api/textbooks/trash', { schema: { response: { 200: trashListResponse } } }, async (request) => ({
    textbooks: await listTrash(requestContext(deps, request)),
  }));

  r.post('/api/textbooks/:id/restore', { schema: { params: textbookIdParams, response: { 200: textbookDetail } } }, async (request) => {
    const ctx = requestContext(deps, request);
    await restoreTextbook(ctx, request.params.id);
    return getTextbook(ctx, request.params.id);
  });

  r.delete('/api/textbooks/trash/:id', { schema: { params: textbookIdParams, response: { 200: okResponse } } }, async (request) => {
    await deleteForever(requestContext(deps, request), request.params.id);
    return okAnswer;
  });

  r.patch('/api/textbooks/:id', { schema: { params: textbookIdParams, body: patchTextbookBody } }, async (request, reply) => {
    const ctx = requestContext(deps, request);
    const { echo, ...body } = request.body;
    // Without a baseRevision the save cannot be merged; what its sender last saw tells whether it replaces others' work.
    const seenRevision = body.baseRevision === undefined ? lastSeen(ctx.user.id, request.params.id) : undefined;
    const saved = await saveTextbook(ctx, { textbookId: request.params.id, ...body, seenRevision });
    markSeen(ctx.user.id, request.params.id, saved.revision);
    const { content, ...detail } = presentDetail(saved.textbook, ctx.user);
    const fields = { ...detail, merged: saved.merged, versionNumber: saved.versionNumber };
    if (echo === 'changes' && !saved.altered) return fields;
    // Serialized here: the content's unchanged chapters reuse the JSON text the save already made.
    return reply.type('application/json; charset=utf-8').send(jsonWithContent(fields, content));
  });
}
