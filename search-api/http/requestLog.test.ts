import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loggedPath, requestLogger, requestLogLevel, SLOW_REQUEST_MS } from './requestLog.ts';

describe('request log level', () => {
  const level = (statusCode: number, ms = 5, stream = false, failed = false) => requestLogLevel({ statusCode, ms, stream, failed });

  it('keeps successful fast requests at debug and lifts refusals and failures to info, slow requests to warn', () => {
    expect(level(200)).toBe('debug');
    expect(level(304)).toBe('debug');
    expect(level(401)).toBe('info');
    expect(level(404)).toBe('info');
    expect(level(500)).toBe('info');
    expect(level(200, 5, false, true)).toBe('info');
    expect(level(200, SLOW_REQUEST_MS - 1)).toBe('debug');
    expect(level(200, SLOW_REQUEST_MS)).toBe('warn');
    expect(level(404, SLOW_REQUEST_MS)).toBe('warn');
    expect(level(503, SLOW_REQUEST_MS)).toBe('warn');
  });

  it('does not call a stream slow: it lasts as long as the answer it streams', () => {
    expect(level(200, 30_000, true)).toBe('debug');
  });
});

describe('request logger', () => {
  it('writes a line per request at its level, none for the health check', async () => {
    const lines: { level: number; msg: string; req: { url: string }; res: { statusCode: number } }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express();
    app.use(requestLogger(logger));
    app.get('/api/health', (_req, res) => void res.json({ ok: true }));
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    app.get('/boom', (_req, res) => void res.status(500).json({ error: 'Server error' }));
    await request(app).get('/api/health');
    await request(app).get('/ok?secret=1');
    await request(app).get('/missing');
    await request(app).get('/boom');
    const byUrl = Object.fromEntries(lines.map((l) => [l.req.url, pino.levels.labels[l.level]]));
    expect(byUrl).toEqual({ '/ok': 'debug', '/missing': 'info', '/boom': 'info' });
  });
});

describe('logged path', () => {
  it('leaves out the query and the token of a mailed link', () => {
    expect(loggedPath('/api/search.json?query=secret')).toBe('/api/search.json');
    expect(loggedPath('/api/account/password_resets/abc-DEF_123')).toBe('/api/account/password_resets/:token');
    expect(loggedPath('/account/password_reset/abc')).toBe('/account/password_reset/:token');
    expect(loggedPath('/api/account/invitation/abc.json')).toBe('/api/account/invitation/:token');
    expect(loggedPath('/account/invitation/abc')).toBe('/account/invitation/:token');
    expect(loggedPath('/api/win-loss/p/Zm9vYmFy?x=1')).toBe('/api/win-loss/p/:token');
    expect(loggedPath('/win-loss/p/Zm9vYmFy')).toBe('/win-loss/p/:token');
    expect(loggedPath('/api/account/password_resets')).toBe('/api/account/password_resets');
  });
});
