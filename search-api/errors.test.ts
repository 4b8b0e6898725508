// The API's error codes (contracts/errors.ts): every message parses and its field wording names only the message's
// values, every code is thrown somewhere in the server, and an error answers with the API's English text beside its
// code and values.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, API_ERRORS } from '../contracts/errors.ts';
import { apiError, fieldError, parseInput, tooManyRequests } from './errors.ts';
import { apiNotFound, errorHandler } from './http/errorHandler.ts';

const argumentsOf = (message: string) =>
  parse(message, { ignoreTag: true }).flatMap((el) => {
    expect(el.type === TYPE.literal || el.type === TYPE.argument, message).toBe(true);
    return el.type === TYPE.argument ? [el.value] : [];
  });

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('API error codes', () => {
  it('have messages of plain arguments, field wordings naming only their values, and error statuses', () => {
    for (const code of API_ERROR_CODES) {
      const entry: { status: number; message: string; field?: string } = API_ERRORS[code];
      expect(code).toMatch(/^[a-z][a-z_]*[a-z]$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      const args = argumentsOf(entry.message);
      if (entry.field) for (const arg of argumentsOf(entry.field)) expect(args, code).toContain(arg);
    }
  });

  it('are each thrown somewhere in the server (none is left over)', () => {
    const code = sources(import.meta.dirname)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const unused = API_ERROR_CODES.filter((c) => !code.includes(`'${c}'`));
    expect(unused).toEqual([]);
  });

  it('write the API’s English text from the values', () => {
    expect(apiError('lane_taken', { name: 'Pricing' }).message).toBe('Invalid body: name "Pricing" is already a lane of this profile');
    expect(apiError('lane_card_foreign', { index: 3 }).message).toBe("Invalid body: cardIds.3 is not a card of this profile's lanes");
    expect(apiError('bookmarks_full', { max: 1000 }).message).toBe('Invalid body: you can keep at most 1000 bookmarks');
    expect(apiError('card_not_found')).toMatchObject({ status: 404, code: 'card_not_found', message: 'Card not found' });
    expect(fieldError('invitation_email_domain', 'email', { domains: 'a.test or b.test' })).toMatchObject({
      status: 400,
      message: 'Invalid body: email must be an address at a.test or b.test',
      details: [{ field: 'email', message: 'must be an address at a.test or b.test' }],
    });
    expect(tooManyRequests('sign_in_too_many', 30)).toMatchObject({ status: 429, params: { seconds: 30 }, details: { retryAfterSeconds: 30 } });
    expect(() => parseInput(z.object({ name: z.string() }), {}, 'body')).toThrow(
      expect.objectContaining({ code: 'invalid_input', params: expect.objectContaining({ where: 'body', field: 'name' }) }),
    );
  });

  it('name each invalid field with what was wrong, for a client to word: the issue, its limits, a missing field', () => {
    const schema = z.object({ name: z.string().min(1, 'is required'), size: z.number().max(5), kind: z.enum(['page', 'feed']), tags: z.array(z.string()).min(2), note: z.string() }).strict();
    let details: unknown;
    try {
      parseInput(schema, { name: '', size: 9, kind: 'x', tags: [], extra: 1 }, 'body');
    } catch (err) {
      details = (err as { details: unknown }).details;
    }
    expect(details).toEqual([
      { field: 'name', message: 'is required', issue: { code: 'too_small', origin: 'string', minimum: 1 } },
      { field: 'size', message: expect.any(String), issue: { code: 'too_big', origin: 'number', maximum: 5 } },
      { field: 'kind', message: expect.any(String), issue: { code: 'invalid_value', values: ['page', 'feed'] } },
      { field: 'tags', message: expect.any(String), issue: { code: 'too_small', origin: 'array', minimum: 2 } },
      { field: 'note', message: expect.any(String), issue: { code: 'invalid_type', expected: 'string', missing: true } },
      { field: 'body', message: expect.any(String), issue: { code: 'unrecognized_keys', keys: ['extra'] } },
    ]);
    // The input itself is never answered.
    expect(JSON.stringify(details)).not.toContain('"x"');
  });

  it('answer with the message, its code and values, and the details', async () => {
    const app = express();
    app.get('/api/lane', () => {
      throw fieldError('lane_taken', 'name', { name: 'Pricing' });
    });
    app.get('/api/boom', () => {
      throw new Error('secret internals');
    });
    app.use('/api', apiNotFound);
    app.use(errorHandler);
    const lane = await request(app).get('/api/lane');
    expect(lane.status).toBe(400);
    expect(lane.body).toEqual({
      error: 'Invalid body: name "Pricing" is already a lane of this profile',
      code: 'lane_taken',
      params: { name: 'Pricing' },
      details: [{ field: 'name', message: 'is already a lane of this profile' }],
    });
    const boom = await request(app).get('/api/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ error: 'Internal server error', code: 'internal_error' });
    const missing = await request(app).post('/api/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'No API route for POST /nowhere', code: 'no_api_route', params: { method: 'POST', path: '/nowhere' } });
  });
});
