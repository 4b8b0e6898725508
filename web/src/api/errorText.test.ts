// Every error code the server answers with (contracts/errors.ts, the catalogue it writes every error from) has words
// in every language the web ships, and errorText words an answer in the reader's language: its code's wording with
// its values, else a sentence of ours with the server's text, else its status.
import { afterAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, API_ERRORS } from '../../../contracts/errors.ts';
import { changeLanguage, i18nReady, SUPPORTED_LANGUAGES } from '../i18n/index.ts';
import { ApiError, errorFromResponse } from './client.ts';
import { errorText, fieldError, fieldErrors, loadErrorWording } from './errorText.ts';

type Wording = { messages: Record<string, string>; fields: Record<string, string> };
const wordings = import.meta.glob<{ default: Wording }>('../i18n/locales/*/errors.ts', { eager: true });
const wordingOf = (language: string) => wordings[`../i18n/locales/${language}/errors.ts`]?.default;

await i18nReady();
afterAll(() => changeLanguage('en'));

const answer = (status: number, body: unknown) =>
  errorFromResponse(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the errors area', () => {
  const withField = API_ERROR_CODES.filter((c) => 'field' in API_ERRORS[c]);

  for (const language of SUPPORTED_LANGUAGES) {
    it(`words every error code of the server in ${language}, and only those`, () => {
      const wording = wordingOf(language);
      expect(wording, `locales/${language}/errors.ts`).toBeDefined();
      expect(API_ERROR_CODES.filter((c) => !wording.messages[c])).toEqual([]);
      expect(withField.filter((c) => !wording.fields[c])).toEqual([]);
      expect(Object.keys(wording.messages).filter((c) => !API_ERROR_CODES.includes(c as never))).toEqual([]);
      expect(Object.keys(wording.fields).filter((c) => !withField.includes(c as never))).toEqual([]);
    });
  }

  it('words them in English as the API writes them', () => {
    const english = wordingOf('en');
    for (const code of API_ERROR_CODES) {
      const entry: { message: string; field?: string } = API_ERRORS[code];
      expect(english.messages[code], code).toBe(entry.message);
      if (entry.field) expect(english.fields[code], code).toBe(entry.field);
    }
  });
});

describe('errorText', () => {
  it('words a coded answer in the reader’s language with its values, and its field in a form', async () => {
    await loadErrorWording();
    const taken = await answer(400, {
      error: 'Invalid body: name "Pricing" is already a lane of this profile',
      code: 'lane_taken',
      params: { name: 'Pricing' },
      details: [{ field: 'name', message: 'is already a lane of this profile' }],
    });
    expect(errorText(taken)).toBe('Invalid body: name "Pricing" is already a lane of this profile');
    expect(fieldErrors(taken)).toEqual({ name: 'is already a lane of this profile' });
    await changeLanguage('de');
    await loadErrorWording();
    expect(errorText(taken)).toBe('Dieses Profil hat bereits eine Spalte namens „Pricing“.');
    expect(fieldErrors(taken)).toEqual({ name: 'ist bereits eine Spalte dieses Profils' });
    expect(fieldError(taken, 'name')).toBe('ist bereits eine Spalte dieses Profils');
    expect(fieldError(taken, 'url')).toBeNull();
    const full = await answer(400, { error: 'Invalid body: you can keep at most 50 bookmarks', code: 'bookmarks_full', params: { max: 50 } });
    expect(errorText(full)).toBe('Sie können höchstens 50 Lesezeichen speichern.');
    await changeLanguage('en');
  });

  it('reads a field only from details that name it with a message', () => {
    const details = [
      { field: 'ids', message: 'lists an id twice' },
      { field: 'name', message: 'is already taken' },
    ];
    expect(fieldError(new ApiError(400, 'x', details), 'name')).toBe('is already taken');
    expect(fieldError(new ApiError(400, 'x', details), 'addRivals')).toBeNull();
    expect(fieldError(new ApiError(400, 'x'), 'name')).toBeNull();
    expect(fieldError(new ApiError(400, 'x', { field: 'name', message: 'x' }), 'name')).toBeNull();
    expect(fieldError(new ApiError(400, 'x', [null, 'name', { field: 'name' }]), 'name')).toBeNull();
  });

  it('keeps the server’s words behind a sentence of ours for a code it does not know, and for a validation message', async () => {
    await changeLanguage('de');
    const unknown = await answer(418, { error: 'I am a teapot', code: 'teapot' });
    expect(errorText(unknown)).toBe('Etwas ist schiefgegangen: I am a teapot');
    const uncoded = await answer(400, { error: 'Something the server said' });
    expect(errorText(uncoded)).toBe('Etwas ist schiefgegangen: Something the server said');
    const invalid = await answer(400, {
      error: 'Invalid body: name Too big',
      code: 'invalid_input',
      params: { where: 'body', field: 'name', problem: 'Too big' },
      details: [{ field: 'name', message: 'Too big' }],
    });
    expect(errorText(invalid)).toBe('Ungültige Angabe (body): name Too big');
    expect(fieldErrors(invalid)).toEqual({ name: 'Too big' });
    await changeLanguage('en');
  });

  it('words a validation problem in the reader’s language from the issue beside it, and keeps the API’s English', async () => {
    const body = {
      error: 'Invalid body: name is required',
      code: 'invalid_input',
      params: { where: 'body', field: 'name', problem: 'is required' },
      details: [
        { field: 'name', message: 'is required', issue: { code: 'too_small', origin: 'string', minimum: 1 } },
        { field: 'scopes', message: 'needs at least one scope', issue: { code: 'too_small', origin: 'array', minimum: 2 } },
        { field: 'url', message: 'Invalid URL', issue: { code: 'invalid_format', format: 'url' } },
        { field: 'size', message: 'Too big: expected number to be <=1000', issue: { code: 'too_big', origin: 'number', maximum: 1000 } },
        { field: 'kind', message: 'Invalid option', issue: { code: 'invalid_value', values: ['page', 'feed'] } },
        { field: 'slug', message: 'must be lowercase', issue: { code: 'custom' } },
      ],
    };
    await changeLanguage('de');
    const invalid = await answer(400, body);
    expect(errorText(invalid)).toBe('Ungültige Angabe (Eingabe): name ist erforderlich');
    expect(fieldErrors(invalid)).toEqual({
      name: 'ist erforderlich',
      scopes: 'braucht mindestens 2 Einträge',
      url: 'muss eine Webadresse sein',
      size: 'darf höchstens 1.000 sein',
      kind: 'muss einer dieser Werte sein: page, feed',
      slug: 'must be lowercase',
    });
    await changeLanguage('en');
    expect(errorText(invalid)).toBe('Invalid body: name is required');
    expect(fieldErrors(invalid)).toMatchObject({ scopes: 'needs at least one scope', url: 'Invalid URL' });
  });

  it('names an answer without text by its status, a request that never arrived as such, and ignores an abort', async () => {
    await changeLanguage('de');
    expect(errorText(await answer(404, 'nope'))).toBe('Das Gesuchte wurde nicht gefunden.');
    expect(errorText(await answer(502, '<html>bad gateway</html>'))).toBe('Der Server konnte nicht antworten. Bitte versuchen Sie es gleich noch einmal.');
    expect(errorText(new ApiError(409, 'Request failed (409)', undefined, undefined, undefined, undefined, false))).toBe(
      'Die Anfrage ist fehlgeschlagen (Status 409).',
    );
    expect(errorText(new TypeError('Failed to fetch'))).toContain('Verbindung');
    expect(errorText(new DOMException('stopped', 'AbortError'))).toBe('');
    expect(errorText(new Error('boom'))).toBe('Etwas ist schiefgegangen: boom');
    await changeLanguage('en');
    expect(errorText(new Error('boom'))).toBe('Something went wrong: boom');
  });
});
