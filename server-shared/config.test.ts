import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('applies the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./.data');
    expect(c.SEARCH_ENGINE).toBe('embedded');
    expect(c.SESSION_IDLE_TIMEOUT_MINUTES).toBe(30);
    expect(c.SESSION_ABSOLUTE_TIMEOUT_HOURS).toBe(12);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('fails fast naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEARCH_ENGINE: 'opensearch' })).toThrow(/OPENSEARCH_URL/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: '-5' })).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
  });

  it('treats empty variables as unset and parses booleans', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: 'http://127.0.0.1:9201' }).SEARCH_ENGINE).toBe('opensearch');
  });

  it('reads the outbound allow list as given, empty by default', () => {
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toBe('');
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1,intranet.example:8443' }).OUTBOUND_ALLOW_HOSTS).toBe('127.0.0.1,intranet.example:8443');
  });
});
