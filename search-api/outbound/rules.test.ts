import { describe, expect, it } from 'vitest';
import { OutboundError } from './errors.ts';
import { checkUrl, isAllowedHost, parseAllowHosts } from './rules.ts';

const none = parseAllowHosts('');

function reasonOf(raw: string, allow = none): string | undefined {
  try {
    checkUrl(raw, allow);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return (err as OutboundError).reason;
  }
}

describe('checkUrl', () => {
  it('accepts http and https with a host', () => {
    expect(checkUrl('https://example.com/a?b=1', none).href).toBe('https://example.com/a?b=1');
    expect(checkUrl('http://8.8.8.8:8080/', none).port).toBe('8080');
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://example.com/', 'example.com', ''])(
    'refuses %j by its scheme',
    (raw) => expect(reasonOf(raw)).toBe('scheme'),
  );

  it('refuses a URL without a host', () => {
    expect(reasonOf('http://')).toBe('scheme');
    expect(reasonOf('https://:443/')).toBe('scheme');
  });

  it('refuses credentials in the URL without repeating them', () => {
    expect(reasonOf('https://user:secret@example.com/')).toBe('credentials');
    expect(reasonOf('https://token@example.com/')).toBe('credentials');
    expect(() => checkUrl('https://user:secret@example.com/', none)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret') }));
  });

  it('judges an IP host at once, however it is written', () => {
    expect(reasonOf('http://10.0.0.5/')).toBe('address');
    expect(() => checkUrl('http://10.0.0.5/', none)).toThrow('The address 10.0.0.5 is in a private network range and cannot be reached from Rivalscope');
    expect(reasonOf('http://169.254.169.254/latest/meta-data/')).toBe('address');
    expect(reasonOf('http://0x7f.1/')).toBe('address');
    expect(reasonOf('http://2130706433/')).toBe('address');
    expect(reasonOf('http://[::1]/')).toBe('address');
    expect(reasonOf('http://[::ffff:127.0.0.1]/')).toBe('address');
    expect(reasonOf('http://0/')).toBe('address');
  });

  it('lets an allowed IP host through, on its port when one is given', () => {
    const allow = parseAllowHosts('127.0.0.1:8080');
    expect(reasonOf('http://127.0.0.1:8080/', allow)).toBeUndefined();
    expect(reasonOf('http://127.0.0.1:8081/', allow)).toBe('address');
  });
});

describe('parseAllowHosts', () => {
  it('reads hosts with or without a port', () => {
    const allow = parseAllowHosts(' 127.0.0.1 , Intranet.Example:8443,[::1]:9000,intranet.example:8444');
    expect(isAllowedHost(new URL('http://127.0.0.1:1234/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('https://intranet.example:8443/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('https://intranet.example:8444/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('https://intranet.example/'), allow)).toBe(false);
    expect(isAllowedHost(new URL('http://[::1]:9000/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('http://[::1]/'), allow)).toBe(false);
    expect(isAllowedHost(new URL('http://127.0.0.2/'), allow)).toBe(false);
  });

  it('takes an explicit default port as that port only', () => {
    const allow = parseAllowHosts('intranet.example:80');
    expect(isAllowedHost(new URL('http://intranet.example/'), allow)).toBe(true);
    expect(isAllowedHost(new URL('https://intranet.example/'), allow)).toBe(false);
  });

  it('is empty for an empty variable', () => {
    expect(parseAllowHosts('').size).toBe(0);
    expect(parseAllowHosts(' , ').size).toBe(0);
  });

  it('fails naming a malformed entry', () => {
    expect(() => parseAllowHosts('ok.example,http://x')).toThrow(/"http:\/\/x"/);
    expect(() => parseAllowHosts('host:99999')).toThrow(/host:99999/);
    expect(() => parseAllowHosts('::1')).toThrow(/::1/);
  });
});
