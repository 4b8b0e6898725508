// The words of a failed request that a screen shows (toasts, inline alerts, form errors), in the reader's language
// (issue #51). The server answers an error with the API's English message and, beside it, a stable code and the
// values the message names (contracts/errors.ts); this module is the one place that turns that answer into text: the
// code's wording in the errors area (i18n/locales/<language>/errors.ts) with those values. An answer without a code
// the web knows reads as a sentence of ours with the server's text; one without any text, by its status.
//
// The errors area loads after the first screen (no first screen waits for it, bench/bundle.ts): loadErrorWording()
// starts it once the app is up, useErrorText() re-renders a screen when it comes in, and until then an error reads
// as the sentence with the server's text.
import { useCallback } from 'react';
import { useTranslation as useI18next } from 'react-i18next';
import i18n, { areasLoaded, t as translate, type Translate } from '../i18n/index.ts';
import type { ApiErrorCode, ValidationIssue } from '../../../contracts/errors.ts';
import { ApiError, isAbortError } from './client.ts';

let loading: Promise<unknown> | null = null;

/** Starts loading the errors area's strings, once. */
export function loadErrorWording(): Promise<unknown> {
  loading ??= import('../i18n/areas/errors.ts').then(() => areasLoaded());
  return loading;
}

/** The errors area's wording of `key` with the error's values, or null while the area is not in (or lacks it). */
function worded(t: Translate, key: string, params: ApiError['params']): string | null {
  if (i18n.exists(key)) return t(key, { ...params });
  void loadErrorWording();
  return null;
}

/** The browser's own words for a request that never reached the server (Chromium, Firefox, Safari). */
const NETWORK_FAILURE = /failed to fetch|networkerror|load failed|network request failed/i;

/** The errors area's key of a validation issue's problem, or null for one it has no words for (a custom check). */
function problemKey(issue: ValidationIssue): string | null {
  const counted = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? 'required' : 'tooShort') : counted ? 'tooFew' : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : counted ? 'tooMany' : 'tooBig';
    case 'invalid_format':
      return issue.format === 'url' || issue.format === 'email' ? issue.format : 'format';
    case 'invalid_type':
      return issue.missing ? 'required' : 'type';
    case 'invalid_value':
      return 'oneOf';
    case 'unrecognized_keys':
      return 'unknownKeys';
    default:
      return null;
  }
}

/**
 * A validation detail's problem in the reader's language, or null to keep the server's words: English keeps them
 * (the API's own, some finer than a rule's wording: "needs at least one scope"), as does a problem of a custom check.
 */
export function validationProblem(t: Translate, issue: unknown): string | null {
  if (!issue || typeof issue !== 'object' || i18n.language === 'en') return null;
  const i = issue as ValidationIssue;
  const key = problemKey(i);
  return key ? worded(t, `errors.validation.${key}`, { minimum: i.minimum ?? 0, maximum: i.maximum ?? 0, values: (i.values ?? []).join(', '), keys: (i.keys ?? []).join(', ') }) : null;
}

/** An invalid_input answer's values with its problem and where in the reader's words, where the area has them. */
function validationParams(t: Translate, err: ApiError): ApiError['params'] {
  const first = Array.isArray(err.details) ? (err.details[0] as { issue?: unknown } | undefined) : undefined;
  const problem = validationProblem(t, first?.issue);
  const where = problem && err.params?.where ? worded(t, `errors.validation.where.${err.params.where}`, undefined) : null;
  return { ...err.params, ...(problem ? { problem } : {}), ...(where ? { where } : {}) };
}

/** What the reader reads for an error: its code's wording, else our sentence with the server's text, else its status. */
export function errorText(err: unknown, t: Translate = translate): string {
  if (isAbortError(err)) return '';
  if (err instanceof ApiError) {
    const params = err.code === 'invalid_input' ? validationParams(t, err) : err.params;
    const text = err.code ? worded(t, `errors.messages.${err.code}`, params) : null;
    if (text !== null) return text;
    if (err.fromServer) return t('requestError.generic', { message: err.message });
    if (err.status === 404) return t('requestError.notFound');
    return err.status >= 500 ? t('requestError.server') : t('requestError.status', { status: err.status });
  }
  if (err instanceof TypeError && NETWORK_FAILURE.test(err.message)) return t('requestError.network');
  return t('requestError.generic', { message: err instanceof Error ? err.message : String(err) });
}

/**
 * The words of an error the web finds itself before asking the server, which would answer it with `code` (an invalid
 * source URL): the code's wording, or `english` (the API's message) while the errors area is not in.
 */
export function codeText(code: ApiErrorCode, english: string, t: Translate = translate): string {
  return worded(t, `errors.messages.${code}`, undefined) ?? english;
}

/**
 * The form errors of an answer's details ([{ field, message, issue? }]), one per top-level field named: its code's
 * short field wording where the errors area has one, else a validation problem in the reader's words, else the
 * server's words for the field.
 */
export function fieldErrors(err: unknown, t: Translate = translate): Record<string, string> {
  const details = (err as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return {};
  const field = err instanceof ApiError && err.code ? worded(t, `errors.fields.${err.code}`, err.params) : null;
  const out: Record<string, string> = {};
  for (const d of details as { field?: unknown; message?: unknown; issue?: unknown }[]) {
    if (typeof d?.field !== 'string' || typeof d.message !== 'string') continue;
    out[d.field.split('.')[0]] ??= field ?? validationProblem(t, d.issue) ?? d.message;
  }
  return out;
}

/** The form error of one field (the field as named in full, 'name', 'urls.2'), or null when the answer names it not. */
export function fieldError(err: unknown, name: string, t: Translate = translate): string | null {
  const details = (err as { details?: unknown } | null)?.details;
  if (!Array.isArray(details) || !details.some((d: { field?: unknown } | null) => d?.field === name)) return null;
  return fieldErrors(err, t)[name.split('.')[0]] ?? null;
}

/**
 * errorText, fieldErrors and fieldError for a component: it re-renders when the reader's language changes and once
 * the errors area is in, so an error shown before then reads in its own words as soon as they are there.
 */
export function useErrorText() {
  // Core first (requestError.*), and the errors area, which it loads and re-renders for.
  const { t } = useI18next(['core', 'errors']);
  const translateIn = useCallback<Translate>((key, values) => t(key, values ?? {}), [t]);
  return {
    errorText: useCallback((err: unknown) => errorText(err, translateIn), [translateIn]),
    fieldErrors: useCallback((err: unknown) => fieldErrors(err, translateIn), [translateIn]),
    fieldError: useCallback((err: unknown, name: string) => fieldError(err, name, translateIn), [translateIn]),
    codeText: useCallback((code: ApiErrorCode, english: string) => codeText(code, english, translateIn), [translateIn]),
  };
}
