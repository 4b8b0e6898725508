// The extension contract's pure rules: the messaging checks of part 1 §5 in their order, and the domain and CRM host
// forms the server, the extension and the guide share.
import { describe, expect, it } from 'vitest';
import {
  checkExtensionMessage,
  DEFAULT_CRM_HOSTS,
  domainCandidates,
  EXTENSION_ID,
  isExtensionId,
  matchesCrmHost,
  matchPatterns,
  normalizeCrmHost,
  normalizeDomain,
  PING,
} from './extension.ts';

describe('checkExtensionMessage', () => {
  it('accepts a prefixed message to a well-formed id in a supported browser', () => {
    expect(checkExtensionMessage('chrome', EXTENSION_ID, { type: PING })).toBeNull();
    expect(checkExtensionMessage('edge', EXTENSION_ID, { type: 'rivalscope:anything', extra: 1 })).toBeNull();
  });

  it('refuses an unsupported browser first, whatever else is wrong', () => {
    expect(checkExtensionMessage(null, EXTENSION_ID, { type: PING })).toBe('unsupported_browser');
    expect(checkExtensionMessage(null, 'bad', null)).toBe('unsupported_browser');
  });

  it('then an id that is not 32 letters a–z, before looking at the message', () => {
    for (const id of ['', 'abc', EXTENSION_ID.toUpperCase(), `${EXTENSION_ID}a`, EXTENSION_ID.slice(1) + '1', 42, null, undefined]) {
      expect(checkExtensionMessage('chrome', id, { type: PING }), String(id)).toBe('invalid_extension_id');
    }
    expect(checkExtensionMessage('chrome', 'x', null)).toBe('invalid_extension_id');
    expect(isExtensionId(EXTENSION_ID)).toBe(true);
  });

  it('then a message that is not an object with a rivalscope: type of something', () => {
    for (const m of [null, undefined, 'rivalscope:ping', 7, {}, { type: 5 }, { type: 'ping' }, { type: 'rivalscope:' }, { type: 'RIVALSCOPE:ping' }]) {
      expect(checkExtensionMessage('chrome', EXTENSION_ID, m), JSON.stringify(m)).toBe('no_message');
    }
  });
});

describe('normalizeDomain', () => {
  it('keeps the host of what people paste, lower case, without www., scheme, port, path or trailing dot', () => {
    expect(normalizeDomain('https://Acme.com:8080/pricing?x=1#y')).toBe('acme.com');
    expect(normalizeDomain('www.acme.com')).toBe('acme.com');
    expect(normalizeDomain('  http://WWW.Acme.co.uk/  ')).toBe('acme.co.uk');
    expect(normalizeDomain('app.acme.com.')).toBe('app.acme.com');
    expect(normalizeDomain('acme.localhost')).toBe('acme.localhost');
    expect(normalizeDomain('eu-1.acme.io')).toBe('eu-1.acme.io');
  });

  it('refuses what is not a domain of two labels or more', () => {
    for (const s of ['', 'acme', 'localhost', 'www.acme', '192.168.0.1', 'acme..com', '-acme.com', 'acme-.com', 'ac me.com', 'acme_x.com', 'https://']) {
      expect(normalizeDomain(s), s).toBeNull();
    }
  });
});

describe('normalizeCrmHost', () => {
  it('keeps a host as typed (www. too) and *. wildcards', () => {
    expect(normalizeCrmHost('App.HubSpot.com')).toBe('app.hubspot.com');
    expect(normalizeCrmHost('https://www.crm.example/x')).toBe('www.crm.example');
    expect(normalizeCrmHost('*.Lightning.Force.com')).toBe('*.lightning.force.com');
    for (const h of DEFAULT_CRM_HOSTS) expect(normalizeCrmHost(h)).toBe(h);
  });

  it('refuses a bare label, a wildcard elsewhere than first, and a wildcard over one label', () => {
    for (const s of ['crm', '*.com', 'app.*.com', '*app.com', '**.app.com', '', '*.']) expect(normalizeCrmHost(s), s).toBeNull();
  });
});

describe('domainCandidates', () => {
  it('lists the host and each parent domain of two labels or more, most specific first, without www.', () => {
    expect(domainCandidates('eu.app.acme.com')).toEqual(['eu.app.acme.com', 'app.acme.com', 'acme.com']);
    expect(domainCandidates('www.acme.com')).toEqual(['acme.com']);
    expect(domainCandidates('WWW.Acme.COM')).toEqual(['acme.com']);
    expect(domainCandidates('acme.com')).toEqual(['acme.com']);
    expect(domainCandidates('localhost')).toEqual([]);
  });
});

describe('matchesCrmHost', () => {
  it('matches exact hosts exactly and *. entries on subdomains only', () => {
    const hosts = ['app.hubspot.com', '*.my.salesforce.com'];
    expect(matchesCrmHost('app.hubspot.com', hosts)).toBe(true);
    expect(matchesCrmHost('APP.HubSpot.com', hosts)).toBe(true);
    expect(matchesCrmHost('eu.app.hubspot.com', hosts)).toBe(false);
    expect(matchesCrmHost('acme.my.salesforce.com', hosts)).toBe(true);
    expect(matchesCrmHost('my.salesforce.com', hosts)).toBe(false);
    expect(matchesCrmHost('evilmy.salesforce.com', hosts)).toBe(false);
    expect(matchesCrmHost('acme.my.salesforce.com.evil.test', hosts)).toBe(false);
    expect(matchesCrmHost('app.hubspot.com', [])).toBe(false);
  });
});

describe('matchPatterns', () => {
  it('covers a domain and its subdomains, and a wildcard host its subdomains only', () => {
    expect(matchPatterns('acme.com')).toEqual(['*://acme.com/*', '*://*.acme.com/*']);
    expect(matchPatterns('*.my.salesforce.com')).toEqual(['*://*.my.salesforce.com/*']);
  });
});
