// The board creation wizard (part 3 §5 Board wizard, §4.8, §7.5, §9): category, a company picked from
// the suggestions (or a website typed), name and the template to start from; POST /api/rivals.json, then GET /api/job_statuses/{id}.json every 10 s until
// completedAt, then a success notice and the dashboard refreshed with the new board.
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { JobStatus, RivalCreated } from '../../../contracts/cards.ts';
import { api, ApiError } from '../api/client.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { flag } from '../user/permissions.ts';
import { useRivals } from './api.ts';
import { CompanyPicker } from './CompanyPicker.tsx';
import {
  BEST_PRACTICE_TEMPLATE,
  BLANK_BOARDS_FLAG,
  canSubmit,
  categoryOptions,
  emptyWizard,
  NO_TEMPLATE,
  normalizeUrl,
  rivalCreateBody,
  urlValid,
  withCategory,
  withCompany,
  type RivalCategory,
  type WizardForm,
} from './boardWizard.ts';
import { JOB_POLL_MS, NOTICE_MS } from './model.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function BoardWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { company } = useSession();
  const client = useQueryClient();
  const [form, setForm] = useState<WizardForm>(emptyWizard);
  const [job, setJob] = useState<{ statusId: number; name: string } | null>(null);
  const rivals = useRivals('alpha');

  const create = useMutation({
    mutationFn: (body: ReturnType<typeof rivalCreateBody>) => api<RivalCreated>('/api/rivals.json', { method: 'POST', body }),
    onSuccess: (created, body) => setJob({ statusId: created.statusId, name: body.name }),
  });
  const status = useQuery({
    queryKey: ['jobStatuses', job?.statusId],
    queryFn: ({ signal }) => api<JobStatus>(`/api/job_statuses/${job!.statusId}.json`, { signal }),
    enabled: job !== null,
    refetchInterval: (q) => (q.state.data?.completedAt ? false : JOB_POLL_MS),
  });
  const done = !!status.data?.completedAt;

  useEffect(() => {
    if (!done || !job) return;
    notifications.show({ color: 'teal', message: t('cardsAuthoring.boardWizard.created', { name: job.name }), autoClose: NOTICE_MS });
    void client.invalidateQueries({ queryKey: ['competitors', 'rivals'] });
    setJob(null);
    setForm(emptyWizard);
    create.reset();
    onClose();
  }, [done, job, client, create, onClose, t]);

  const polling = job !== null && !status.isError;
  const close = () => {
    if (polling) return; // the board is on its way; the wizard closes when it is ready
    setJob(null);
    setForm(emptyWizard);
    create.reset();
    onClose();
  };

  const failure = create.error ?? status.error;
  const failureText = failure instanceof ApiError && failure.status < 500 && failure.message ? errorText(failure) : t('cardsAuthoring.boardWizard.errors.fallback');
  const busy = create.isPending || polling;
  const templates = [
    { value: BEST_PRACTICE_TEMPLATE, label: t('cardsAuthoring.boardWizard.templates.bestPractice') },
    { value: NO_TEMPLATE || 'none', label: t('cardsAuthoring.boardWizard.templates.none') },
    ...(rivals.data ?? []).map((r) => ({ value: String(r.profileId), label: t('cardsAuthoring.boardWizard.templates.copy', { name: r.name }) })),
  ];
  const showUrlError = form.url.trim() !== '' && !urlValid(form);

  return (
    <Modal opened={opened} onClose={close} title={t('cardsAuthoring.boardWizard.title')} data-testid="board-wizard">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit(form) && !busy) create.mutate(rivalCreateBody(form));
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('cardsAuthoring.boardWizard.category')}
            placeholder={t('cardsAuthoring.boardWizard.categoryPlaceholder')}
            data={categoryOptions(flag(company, BLANK_BOARDS_FLAG)).map((c) => ({ value: c, label: t(`cardsAuthoring.boardWizard.categories.${c}`) }))}
            value={form.category}
            onChange={(v) => setForm((f) => withCategory(f, v as RivalCategory | null))}
            required
            disabled={busy}
            data-testid="board-wizard-category"
          />
          {form.category !== 'other' && <CompanyPicker onPick={(c) => setForm((f) => withCompany(f, c))} disabled={busy} />}
          <TextInput
            label={t('cardsAuthoring.boardWizard.url')}
            placeholder={t('cardsAuthoring.boardWizard.urlPlaceholder')}
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
            onBlur={() => setForm((f) => ({ ...f, url: normalizeUrl(f.url) }))}
            error={showUrlError ? t('cardsAuthoring.boardWizard.urlInvalid') : undefined}
            required={form.category !== 'other'}
            disabled={busy}
            data-testid="board-wizard-url"
          />
          <TextInput
            label={t('cardsAuthoring.boardWizard.name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            required
            maxLength={200}
            disabled={busy}
            data-testid="board-wizard-name"
          />
          <Select
            label={t('cardsAuthoring.boardWizard.template')}
            data={templates}
            value={form.template === NO_TEMPLATE ? 'none' : form.template}
            onChange={(v) => setForm({ ...form, template: v === 'none' || v === null ? NO_TEMPLATE : v })}
            allowDeselect={false}
            searchable
            disabled={busy}
            data-testid="board-wizard-template"
          />
          {failure && !busy && (
            <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="board-wizard-error">
              {failureText}
            </Alert>
          )}
          {busy && (
            <Group gap="xs" data-testid="board-wizard-creating">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('cardsAuthoring.boardWizard.creating')}
              </Text>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={polling}>
              {t('cardsAuthoring.boardWizard.cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit(form)} loading={busy} data-testid="board-wizard-submit">
              {t('cardsAuthoring.boardWizard.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
