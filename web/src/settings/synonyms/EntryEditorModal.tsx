// Adding or editing one entry: its terms, whether it is two-way or one-way, and for a one-way entry the
// terms it finds. The problems show as they are typed, checked against the whole list (a term already in
// another two-way entry, a cycle through other one-way entries). Applying puts the entry in the list;
// Save, on the page, saves the list.
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { SYNONYM_LIMITS } from '../../../../contracts/synonyms.ts';
import { BREAKPOINTS } from '../../core/theme.ts';
import { EntryChips } from './EntryChips.tsx';
import { NextSearches } from './NextSearches.tsx';
import { isSameTerm, validate, type Draft, type EntryIssue } from './model.ts';
import { useIssueText } from './SynonymRow.tsx';
import '../../i18n/areas/companySettings.ts';

type Props = {
  /** The entry as it is in the list, or a new one (origin null and not in `drafts`). */
  draft: Draft;
  /** Its number in the list (a new entry goes last). */
  n: number;
  isNew: boolean;
  /** The search that found nothing this entry was opened for (search analytics' "Add a synonym"). */
  query?: string;
  drafts: Draft[];
  onApply: (draft: Draft) => void;
  onClose: () => void;
};

export function EntryEditorModal({ draft, n, isNew, query, drafts, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 0.02}px)`);
  const [terms, setTerms] = useState(draft.terms);
  const [mapsTo, setMapsTo] = useState(draft.mapsTo);
  const [oneWay, setOneWay] = useState(draft.oneWay);
  const next: Draft = { ...draft, terms, mapsTo, oneWay };
  const empty = terms.length === 0 && (!oneWay || mapsTo.length === 0);

  const list = useMemo(() => {
    const candidate: Draft = { ...draft, terms, mapsTo, oneWay };
    return isNew ? [...drafts, candidate] : drafts.map((d) => (d.key === draft.key ? candidate : d));
  }, [draft, terms, mapsTo, oneWay, isNew, drafts]);
  const { mine, others } = useMemo(() => {
    const messages = { oneWayNeedsTarget: t('companySettings.synonyms.oneWayNeedsTarget') };
    const problems = validate(list, messages);
    const before = validate(drafts, messages);
    // Problems this change causes in other entries (a term that is now in two two-way entries, a cycle).
    const caused: { n: number; issue: EntryIssue }[] = [];
    list.forEach((d, i) => {
      if (d.key === draft.key) return;
      const had = before.byKey.get(d.key) ?? [];
      for (const issue of problems.byKey.get(d.key) ?? []) {
        if (!had.some((h) => h.message === issue.message)) caused.push({ n: i + 1, issue });
      }
    });
    return { mine: problems.byKey.get(draft.key) ?? [], others: caused };
  }, [list, drafts, draft.key, t]);
  // While nothing is typed yet, "must hold at least one term" is no news; nor is "needs a term to find" in a
  // new entry opened from a query ("Add a synonym"), before the curator has typed the words.
  const untouched = isNew && terms === draft.terms && mapsTo === draft.mapsTo && oneWay === draft.oneWay;
  /** A new entry from a search that found nothing: the words to add go to "Also find", which takes the focus. */
  const fromQuery = isNew && !!query && draft.oneWay;
  const shown = empty || untouched ? [] : mine;
  const errorOf = (field: EntryIssue['field']) => {
    const lines = shown.filter((i) => i.field === field).map((i) => i.message);
    return lines.length ? lines.join('; ') : undefined;
  };
  const general = shown.filter((i) => i.field === null);

  const termsDescription = t('companySettings.synonyms.editor.termsDescription', { max: SYNONYM_LIMITS.termsPerEntry, chars: SYNONYM_LIMITS.termChars });
  const tagsProps = {
    placeholder: t('companySettings.synonyms.editor.termsPlaceholder'),
    splitChars: [','],
    maxTags: SYNONYM_LIMITS.termsPerEntry,
    isDuplicate: isSameTerm,
    acceptValueOnBlur: true,
    clearable: true,
    maxLength: SYNONYM_LIMITS.termChars,
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('companySettings.synonyms.editor.addTitle') : t('companySettings.synonyms.editor.editTitle', { n })}
      radius="lg"
      size="lg"
      centered
      fullScreen={narrow}
      data-testid="synonym-editor"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) onApply(next);
        }}
      >
        <Stack gap="md">
          {query && (
            <Text size="sm" data-testid="synonym-editor-query">
              {t('companySettings.synonyms.editor.fromQuery', { query })}
            </Text>
          )}
          <Stack gap={6}>
            <SegmentedControl
              aria-label={t('companySettings.synonyms.editor.kind')}
              fullWidth
              value={oneWay ? 'one-way' : 'two-way'}
              onChange={(v) => setOneWay(v === 'one-way')}
              data={[
                { value: 'two-way', label: t('companySettings.synonyms.twoWay') },
                { value: 'one-way', label: t('companySettings.synonyms.oneWay') },
              ]}
              data-testid="synonym-editor-kind"
            />
            <Text size="sm" c="dimmed">
              {t(oneWay ? 'companySettings.synonyms.editor.oneWayDescription' : 'companySettings.synonyms.editor.twoWayDescription')}
            </Text>
          </Stack>
          <TagsInput
            {...tagsProps}
            label={t(oneWay ? 'companySettings.synonyms.editor.termsOneWay' : 'companySettings.synonyms.editor.termsTwoWay')}
            description={termsDescription}
            value={terms}
            onChange={setTerms}
            error={errorOf('terms')}
            data-autofocus={fromQuery ? undefined : true}
            data-testid="synonym-editor-terms"
          />
          {oneWay && (
            <TagsInput
              {...tagsProps}
              label={t('companySettings.synonyms.editor.mapsTo')}
              value={mapsTo}
              onChange={setMapsTo}
              error={errorOf('mapsTo')}
              data-autofocus={fromQuery ? true : undefined}
              data-testid="synonym-editor-maps-to"
            />
          )}
          {query && (
            <NextSearches
              query={query}
              taken={[...terms, ...(oneWay ? mapsTo : [])]}
              full={(oneWay ? mapsTo : terms).length >= SYNONYM_LIMITS.termsPerEntry}
              onAdd={(term) => (oneWay ? setMapsTo([...mapsTo, term]) : setTerms([...terms, term]))}
            />
          )}
          {(general.length > 0 || others.length > 0) && !empty && !untouched && (
            <Alert color="red" variant="light" p="sm" data-testid="synonym-editor-problems">
              <Stack gap={4}>
                {general.map((i, k) => (
                  <Text key={`g${k}`} size="sm">
                    {issueText(i)}
                  </Text>
                ))}
                {others.map(({ n: other, issue }, k) => (
                  <Text key={`o${k}`} size="sm">
                    {t('companySettings.synonyms.entryLabel', { n: other })}: {issueText(issue)}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {!empty && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('companySettings.synonyms.editor.preview')}
              </Text>
              <EntryChips terms={terms} mapsTo={mapsTo} oneWay={oneWay} />
            </Stack>
          )}
          <Text size="xs" c="dimmed">
            {t('companySettings.synonyms.matchingHint')} {t('companySettings.synonyms.editor.unsavedHint')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('companySettings.synonyms.editor.cancel')}
            </Button>
            <Button type="submit" disabled={empty} data-testid="synonym-editor-apply">
              {isNew ? t('companySettings.synonyms.editor.add') : t('companySettings.synonyms.editor.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
