// Settings › Search synonyms. The company's entries are edited as a working copy: add, edit (in a dialog),
// delete, filter; Save replaces the saved list in one PUT, Discard goes back to it, Restore defaults
// brings back the default vocabulary. The list is checked with the contract's own rules as it is edited
// and the server's 400 details land on the entries they name; nothing is saved while a problem remains.
import { Alert, Badge, Box, Button, CloseButton, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useBlocker, useSearchParams } from 'react-router';
import type { SynonymsResponse } from '../../../../contracts/synonyms.ts';
import { ApiError } from '../../api/client.ts';
import { AlertIcon, PlusIcon, RefreshIcon, SearchIcon } from '../../brand/icons.tsx';
import { shortDate } from '../../shared/dates.ts';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { isSettingsPath } from '../sections.ts';
import { useRestoreSynonyms, useSaveSynonyms, useSynonyms } from './api.ts';
import { EntryChips } from './EntryChips.tsx';
import { EntryEditorModal } from './EntryEditorModal.tsx';
import {
  changesOf,
  draftToAdd,
  emptyDraft,
  matchesFilter,
  mergeProblems,
  problemCount,
  serverProblems,
  statusOf,
  toBody,
  toDrafts,
  validate,
  type Draft,
  type Problems,
} from './model.ts';
import { SynonymRow } from './SynonymRow.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/companySettings.ts';

const NO_ISSUES: never[] = [];

/** Brings a row into view once React has drawn it (and a closing dialog has handed focus back), and focuses its edit button. */
function scrollToEntry(key: string) {
  setTimeout(() => {
    const row = document.getElementById(`synonym-${key}`);
    if (!row) return;
    row.querySelector<HTMLElement>('[data-testid="synonym-entry-edit"]')?.focus({ preventScroll: true });
    row.scrollIntoView({ block: 'center' });
  }, 120);
}

function SavedState({ data }: { data: SynonymsResponse }) {
  const { t, i18n } = useTranslation();
  if (data.isDefault) {
    return (
      <Tooltip label={t('companySettings.synonyms.defaultHint')} multiline w={260} withArrow>
        <Badge variant="light" color="teal" size="lg" tt="none" fw={600} data-testid="synonyms-default-badge">
          {t('companySettings.synonyms.defaultBadge')}
        </Badge>
      </Tooltip>
    );
  }
  if (!data.updatedAt) return null;
  const date = shortDate(data.updatedAt, i18n.language);
  return (
    <Text size="sm" c="dimmed" title={new Date(data.updatedAt).toLocaleString(i18n.language)} data-testid="synonyms-last-changed">
      {data.updatedBy
        ? t('companySettings.synonyms.lastChanged', { name: data.updatedBy.name, date })
        : t('companySettings.synonyms.lastChangedNoName', { date })}
    </Text>
  );
}

function Explanation() {
  const { t } = useTranslation();
  const example = (label: string, hint: string, chips: ReactNode) => (
    <Paper radius="md" p="sm" bg="gray.0">
      <Stack gap={6}>
        <Text size="sm">
          <Text span fw={600}>
            {label}
          </Text>{' '}
          <Text span c="dimmed">
            {hint}
          </Text>
        </Text>
        {chips}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="sm">
      <Text maw={760}>{t('companySettings.synonyms.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {example(
          t('companySettings.synonyms.twoWay'),
          t('companySettings.synonyms.twoWayHint'),
          <EntryChips terms={['sso', 'single sign-on', 'saml']} mapsTo={[]} oneWay={false} />,
        )}
        {example(
          t('companySettings.synonyms.oneWay'),
          t('companySettings.synonyms.oneWayHint'),
          <EntryChips terms={['cheaper']} mapsTo={['price', 'pricing']} oneWay />,
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('companySettings.synonyms.matchingHint')}
      </Text>
    </Stack>
  );
}

function SynonymsEditor({ initial }: { initial: SynonymsResponse }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const save = useSaveSynonyms();
  const restore = useRestoreSynonyms();
  const [base, setBase] = useState(initial);
  const [drafts, setDrafts] = useState(() => toDrafts(initial.synonyms));
  const [filter, setFilter] = useState('');
  /** The entry in the editor; `query` when "Add a synonym" for a search that found nothing opened it. */
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean; query?: string } | null>(null);
  const [confirmRestore, setConfirmRestore] = useState(false);
  /** The 400 answer of the last save, with the drafts it was about: an entry's issues go once it changes. */
  const [rejected, setRejected] = useState<{ problems: Problems; sent: Draft[] } | null>(null);
  /** The last delete or discard, which the bar offers to undo (a toast would cover the bar's buttons). */
  const [undo, setUndo] = useState<{ label: string; run: () => void } | null>(null);

  const clientProblems = useMemo(() => validate(drafts, { oneWayNeedsTarget: t('companySettings.synonyms.oneWayNeedsTarget') }), [drafts, t]);
  // The server's issues of an entry hold while that entry is as it was sent.
  const serverLive = useMemo(() => {
    if (!rejected) return null;
    const byKey = new Map([...rejected.problems.byKey].filter(([key]) => rejected.sent.find((d) => d.key === key) === drafts.find((d) => d.key === key)));
    return { byKey, general: rejected.sent === drafts ? rejected.problems.general : [] };
  }, [rejected, drafts]);
  const problems = useMemo(() => (serverLive ? mergeProblems(clientProblems, serverLive) : clientProblems), [clientProblems, serverLive]);
  const problemsCount = problemCount(problems);
  const changes = useMemo(() => changesOf(drafts, base.synonyms), [drafts, base]);
  const dirty = changes.total > 0;
  const busy = save.isPending || restore.isPending;

  // Leaving with unsaved changes asks first: another screen in the app, or closing the tab.
  const blocker = useBlocker(({ nextLocation }) => dirty && !busy && !isSettingsPath(nextLocation.pathname, 'synonyms'));
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const reset = (data: SynonymsResponse) => {
    setUndo(null);
    setBase(data);
    setDrafts(toDrafts(data.synonyms));
    setRejected(null);
  };

  const openAdd = (terms: string[] = []) => setEditing({ draft: emptyDraft(terms), isNew: true });
  // The rows' callbacks stay the same across renders (rows are memoized); they read the drafts from here.
  const current = useRef(drafts);
  useLayoutEffect(() => {
    current.current = drafts;
  });
  const openEdit = useCallback((key: string) => {
    const d = current.current.find((x) => x.key === key);
    if (d) setEditing({ draft: d, isNew: false });
  }, []);

  // "Add a synonym" from search analytics (contracts/reports.ts addSynonymPath): ?add={query} opens the
  // entry for that query once; the parameter goes, so a reload or Back does not open it again.
  const [params, setParams] = useSearchParams();
  const adding = params.get('add')?.trim();
  useEffect(() => {
    if (!adding) return;
    setEditing(draftToAdd(current.current, adding));
    setParams(
      (p) => {
        p.delete('add');
        return p;
      },
      { replace: true },
    );
  }, [adding, setParams]);

  const apply = (d: Draft) => {
    const isNew = editing?.isNew ?? false;
    setUndo(null);
    setDrafts((all) => (isNew ? [...all, d] : all.map((x) => (x.key === d.key ? d : x))));
    setEditing(null);
    if (filter && !matchesFilter(d, filter)) setFilter('');
    scrollToEntry(d.key);
  };

  const onDelete = useCallback(
    (key: string) => {
      const all = current.current;
      const at = all.findIndex((d) => d.key === key);
      if (at < 0) return;
      const gone = all[at];
      setDrafts(all.filter((d) => d.key !== key));
      setUndo({
        label: t('companySettings.synonyms.undoRemove', { n: at + 1 }),
        run: () => setDrafts((now) => (now.some((d) => d.key === gone.key) ? now : [...now.slice(0, at), gone, ...now.slice(at)])),
      });
    },
    [t],
  );

  const discard = () => {
    const before = drafts;
    const rejectedBefore = rejected;
    setDrafts(toDrafts(base.synonyms));
    setRejected(null);
    setUndo({
      label: t('companySettings.synonyms.undoDiscard'),
      run: () => {
        setDrafts(before);
        setRejected(rejectedBefore);
      },
    });
  };

  const submit = () => {
    if (!dirty || problemsCount > 0 || busy) return;
    const sent = drafts;
    setUndo(null);
    save.mutate(toBody(sent).synonyms, {
      onSuccess: (data) => {
        reset(data);
        toastSuccess(t('companySettings.synonyms.saved'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          const found = serverProblems(err.details, sent);
          if (found.byKey.size === 0 && found.general.length === 0) found.general.push(errorText(err));
          // No toast: it would cover the bar; the list says what happened and the rows what is wrong.
          setRejected({ problems: found, sent });
          const first = sent.find((d) => found.byKey.has(d.key));
          if (first) {
            setFilter('');
            scrollToEntry(first.key);
          }
        } else {
          toastError(t('companySettings.synonyms.saveFailed'), err);
        }
      },
    });
  };

  const doRestore = () =>
    restore.mutate(undefined, {
      onSuccess: (data) => {
        setConfirmRestore(false);
        reset(data);
        toastSuccess(t('companySettings.synonyms.restoreModal.done'));
      },
      onError: (err) => {
        setConfirmRestore(false);
        toastError(t('companySettings.synonyms.restoreModal.failed'), err);
      },
    });

  const showFirstProblem = () => {
    const first = drafts.find((d) => problems.byKey.has(d.key));
    if (!first) return;
    if (filter && !matchesFilter(first, filter)) setFilter('');
    scrollToEntry(first.key);
  };

  const shown = drafts.map((d, i) => ({ d, n: i + 1 })).filter(({ d }) => matchesFilter(d, filter));
  const editingN = editing ? (editing.isNew ? drafts.length + 1 : drafts.findIndex((d) => d.key === editing.draft.key) + 1) : 0;

  const barText =
    problemsCount > 0
      ? t('companySettings.synonyms.bar.problems', { count: problemsCount })
      : dirty
        ? t('companySettings.synonyms.bar.changes', { count: changes.total })
        : t('companySettings.synonyms.bar.clean');

  return (
    <Stack gap="lg" data-testid="synonyms-section" data-dirty={dirty || undefined} data-default={base.isDefault || undefined}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="h3">
              {t('companySettings.sections.synonyms.name')}
            </Title>
            <SavedState data={base} />
          </Group>
          <Explanation />
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p={{ base: 'sm', xs: 'md' }} gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={t('companySettings.synonyms.filterLabel')}
            placeholder={t('companySettings.synonyms.filterPlaceholder')}
            leftSection={<SearchIcon size={16} />}
            rightSection={
              filter ? <CloseButton size="sm" aria-label={t('companySettings.synonyms.clearFilter')} onClick={() => setFilter('')} /> : null
            }
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setFilter('');
            }}
            style={{ flex: '1 1 240px' }}
            data-testid="synonyms-filter"
          />
          <Group gap="sm" wrap="nowrap" style={{ flex: '0 0 auto' }}>
            <Button
              variant="default"
              leftSection={<RefreshIcon size={16} />}
              onClick={() => setConfirmRestore(true)}
              disabled={busy || (base.isDefault && !dirty)}
              data-testid="synonyms-restore"
            >
              {t('companySettings.synonyms.restore')}
            </Button>
            <Button leftSection={<PlusIcon size={16} />} onClick={() => openAdd()} disabled={busy} data-testid="synonyms-add">
              {t('companySettings.synonyms.add')}
            </Button>
          </Group>
        </Group>
        <Text px={{ base: 'sm', xs: 'md' }} pb="xs" size="sm" c="dimmed" data-testid="synonyms-count" aria-live="polite">
          {filter
            ? t('companySettings.synonyms.countFiltered', { shown: shown.length, total: t('companySettings.synonyms.count', { count: drafts.length }) })
            : t('companySettings.synonyms.count', { count: drafts.length })}
        </Text>
        {(problems.general.length > 0 || (serverLive && problemCount(serverLive) > 0)) && (
          <Alert
            mx={{ base: 'sm', xs: 'md' }}
            mb="sm"
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={serverLive && problemCount(serverLive) > 0 ? t('companySettings.synonyms.saveFailed') : undefined}
            data-testid="synonyms-general-error"
          >
            <Stack gap={2}>
              {serverLive && problemCount(serverLive) > 0 && <Text size="sm">{t('companySettings.synonyms.serverRejected')}</Text>}
              {problems.general.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {drafts.length === 0 ? (
          <Box p="md" pt={0}>
            <StatePanel kind="empty" title={t('companySettings.synonyms.empty.title')} text={t('companySettings.synonyms.empty.text')} data-testid="synonyms-empty" />
          </Box>
        ) : shown.length === 0 ? (
          <Box p="md" pt={0}>
            <StatePanel
              kind="empty"
              title={t('companySettings.synonyms.noMatch.title', { query: filter.trim() })}
              text={t('companySettings.synonyms.noMatch.text')}
              data-testid="synonyms-no-match"
            >
              <Button variant="light" leftSection={<PlusIcon size={16} />} onClick={() => openAdd([filter.trim()])}>
                {t('companySettings.synonyms.noMatch.add', { query: filter.trim() })}
              </Button>
            </StatePanel>
          </Box>
        ) : (
          <Box component="ol" m={0} p={0} aria-label={t('companySettings.synonyms.listLabel')} data-testid="synonyms-list">
            {shown.map(({ d, n }) => (
              <SynonymRow
                key={d.key}
                draft={d}
                n={n}
                status={statusOf(d, base.synonyms)}
                issues={problems.byKey.get(d.key) ?? NO_ISSUES}
                onEdit={openEdit}
                onDelete={onDelete}
              />
            ))}
          </Box>
        )}
      </Paper>

      {/* Sticks to the bottom of the window while there is something to save. */}
      <Box
        pb={dirty ? 12 : 0}
        style={dirty ? { position: 'sticky', bottom: 0, zIndex: 5, background: 'var(--mantine-color-gray-0)', marginTop: -8, paddingTop: 8 } : undefined}
      >
        <Paper withBorder radius="lg" shadow={dirty ? 'md' : undefined} p="sm" pl="md" data-testid="synonyms-bar">
          <Group justify="space-between" gap="sm">
            <Group gap={4} wrap="wrap">
              <Text size="sm" fw={dirty || problemsCount ? 600 : undefined} c={problemsCount ? 'red.8' : dirty ? undefined : 'dimmed'} data-testid="synonyms-bar-status">
                {barText}
              </Text>
              {problemsCount > 0 && (
                <Button size="compact-sm" variant="subtle" color="red" onClick={showFirstProblem} data-testid="synonyms-show-problem">
                  {t('companySettings.synonyms.bar.showProblem')}
                </Button>
              )}
              {undo && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => {
                    undo.run();
                    setUndo(null);
                  }}
                  data-testid="synonyms-undo"
                >
                  {undo.label}
                </Button>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap" ml="auto">
              <Button variant="default" onClick={discard} disabled={!dirty || busy} data-testid="synonyms-discard">
                {t('companySettings.synonyms.bar.discard')}
              </Button>
              <Button
                onClick={submit}
                disabled={!dirty || problemsCount > 0}
                loading={save.isPending}
                loaderProps={{ type: 'dots' }}
                data-testid="synonyms-save"
                aria-label={save.isPending ? t('companySettings.synonyms.bar.saving') : undefined}
              >
                {t('companySettings.synonyms.bar.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Box>

      {editing && (
        <EntryEditorModal
          key={editing.draft.key}
          draft={editing.draft}
          n={editingN}
          isNew={editing.isNew}
          query={editing.query}
          drafts={drafts}
          onApply={apply}
          onClose={() => setEditing(null)}
        />
      )}

      <Modal
        opened={confirmRestore}
        onClose={() => setConfirmRestore(false)}
        title={t('companySettings.synonyms.restoreModal.title')}
        radius="lg"
        centered
        data-testid="synonyms-restore-modal"
      >
        <Stack gap="lg">
          <Text>
            {t('companySettings.synonyms.restoreModal.body', { count: base.synonyms.length })}
            {dirty && ` ${t('companySettings.synonyms.restoreModal.bodyUnsaved')}`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRestore(false)}>
              {t('companySettings.synonyms.restoreModal.cancel')}
            </Button>
            <Button color="red" onClick={doRestore} loading={restore.isPending} data-testid="synonyms-restore-confirm">
              {t('companySettings.synonyms.restoreModal.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('companySettings.synonyms.leave.title')}
        radius="lg"
        centered
        data-testid="synonyms-leave-modal"
      >
        <Stack gap="lg">
          <Text>{t('companySettings.synonyms.leave.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('companySettings.synonyms.leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="synonyms-leave-confirm">
              {t('companySettings.synonyms.leave.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export function SynonymsSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const query = useSynonyms();
  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy aria-label={t('companySettings.synonyms.loading')} data-testid="synonyms-loading">
        <Skeleton h={200} radius="lg" />
        <Skeleton h={360} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <StatePanel kind="error" title={t('companySettings.synonyms.failed.title')} text={errorText(query.error)} data-testid="synonyms-error">
        <Button variant="light" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('companySettings.synonyms.failed.retry')}
        </Button>
      </StatePanel>
    );
  }
  return <SynonymsEditor initial={query.data} />;
}
