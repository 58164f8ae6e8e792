import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

async function appAnswering(reportDropped: boolean, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ reportDropped }));
  const schema = z.object({ id: z.number(), tags: z.array(z.object({ name: z.string() })) });
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  const causes: unknown[] = [];
  app.setErrorHandler(async (error: Error, _request, reply) => {
    causes.push(error.cause);
    return reply.status(500).send({ message: 'Internal error', code: 'INTERNAL' });
  });
  await app.ready();
  return { app, causes };
}

describe('responseSerializer', () => {
  const answer = { id: 1, secret: 's', tags: [{ name: 'a', extra: true }] };

  it('strips what the schema does not name in production', async () => {
    const { app } = await appAnswering(false, answer);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, tags: [{ name: 'a' }] });
  });

  it('answers 500 in tests when the schema would drop a field, naming every path', async () => {
    const { app, causes } = await appAnswering(true, answer);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(String(causes[0])).toContain('drops .secret, .tags[0].extra');
  });

  it('lets an answer the schema describes exactly through unchanged', async () => {
    const exact = { id: 2, tags: [{ name: 'b' }] };
    const { app } = await appAnswering(true, exact);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(exact);
  });
});
