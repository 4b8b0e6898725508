// Curators' dialogs of the interviews tab: a new interview of a closed deal (found by name or account), with its date,
// interviewer, the buyer's role and speakers, and optionally its transcript; and a transcript uploaded to an
// interview (the file checked for its type and size first; the server's refusal shown as it words it).
import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { DealSummary } from '../../../contracts/deals.ts';
import { MAX_TRANSCRIPT_BYTES, type InterviewSummary } from '../../../contracts/winLoss.ts';
import { useErrorText } from '../api/errorText.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useCreateInterview, useDealSearch, useUploadTranscript } from './interviewsApi.ts';
import { TRANSCRIPT_ACCEPT, transcriptFormatOf } from './interviewsModel.ts';
import '../i18n/areas/winLoss.ts';

/** How long the deal search waits after typing stops. */
export const DEAL_SEARCH_DEBOUNCE_MS = 250;
const MAX_MB = MAX_TRANSCRIPT_BYTES / (1024 * 1024);
const today = () => new Date().toISOString().slice(0, 10);

/** Why a chosen file cannot be sent, before sending it, or null. */
function useFileProblem(file: File | null): string | null {
  const { t, i18n } = useTranslation();
  if (!file) return null;
  if (!transcriptFormatOf(file.name)) return t('winLoss.transcript.wrongType');
  if (file.size > MAX_TRANSCRIPT_BYTES) return t('winLoss.transcript.tooLarge', { mb: formatNumber(MAX_MB, i18n.language) });
  return null;
}

function TranscriptInput({ file, onChange, problem, disabled }: { file: File | null; onChange: (f: File | null) => void; problem: string | null; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <FileInput
      label={t('winLoss.transcript.file')}
      description={t('winLoss.transcript.fileHint', { mb: formatNumber(MAX_MB, i18n.language) })}
      accept={TRANSCRIPT_ACCEPT}
      value={file}
      onChange={onChange}
      error={problem}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': t('winLoss.transcript.clearFile') }}
      data-testid="transcript-file"
    />
  );
}

/** While a transcript is sent and read: the server answers once it has analysed it, so the bar shows work, not a share. */
function Uploading() {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {t('winLoss.transcript.uploading')}
      </Text>
      <Progress value={100} animated striped aria-label={t('winLoss.transcript.progress')} data-testid="transcript-progress" />
    </Stack>
  );
}

export function TranscriptDialog({ interview, onClose, onDone }: { interview: InterviewSummary; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadTranscript();
  const problem = useFileProblem(file);
  const send = () => {
    if (file && !problem) upload.mutate({ id: interview.id, file }, { onSuccess: () => (onDone ?? onClose)() });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('winLoss.transcript.title', { deal: interview.deal.name })}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('winLoss.close') }}
      data-testid="transcript-dialog"
    >
      <Stack gap="md">
        <TranscriptInput
          file={file}
          onChange={(f) => {
            setFile(f);
            upload.reset();
          }}
          problem={problem}
          disabled={upload.isPending}
        />
        {interview.transcript && (
          <Text size="sm" c="dimmed">
            {t('winLoss.transcript.replaces')}
          </Text>
        )}
        {upload.isPending && <Uploading />}
        {upload.isError && (
          <Alert color="red" variant="light" title={t('winLoss.transcript.failed')} role="alert" data-testid="transcript-error">
            {errorText(upload.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('winLoss.cancel')}
          </Button>
          <Button disabled={!file || problem !== null} loading={upload.isPending} onClick={send} data-testid="transcript-send">
            {t('winLoss.transcript.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function InterviewDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const { user } = useSession();
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEAL_SEARCH_DEBOUNCE_MS);
  const [deal, setDeal] = useState<DealSummary | null>(null);
  const [interviewedOn, setInterviewedOn] = useState(today);
  const [interviewer, setInterviewer] = useState(user.name);
  const [buyerRole, setBuyerRole] = useState('');
  const [buyerSpeakers, setBuyerSpeakers] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const deals = useDealSearch(debounced, createdId === null);
  const create = useCreateInterview();
  const upload = useUploadTranscript();
  const problem = useFileProblem(file);
  // Interviews are of closed deals; the chosen one stays an option while another search runs.
  const closed = (deals.data?.items ?? []).filter((d) => d.outcome !== null);
  const options = [...(deal && !closed.some((d) => d.id === deal.id) ? [deal] : []), ...closed];
  const data = options.map((d) => ({ value: String(d.id), label: d.accountName ? `${d.name} (${d.accountName})` : d.name }));

  const finish = (id: number) => {
    if (file) upload.mutate({ id, file }, { onSuccess: () => onCreated(id) });
    else onCreated(id);
  };
  const submit = () => {
    if (createdId !== null) return finish(createdId);
    if (!deal || problem) return;
    create.mutate(
      { dealId: deal.id, interviewedOn, interviewer: interviewer.trim(), buyerRole: buyerRole.trim() || null, buyerSpeakers },
      {
        onSuccess: (created) => {
          setCreatedId(created.id);
          finish(created.id);
        },
      },
    );
  };
  const busy = create.isPending || upload.isPending;
  const locked = busy || createdId !== null;

  return (
    <Modal
      opened
      onClose={() => (createdId === null ? onClose() : onCreated(createdId))}
      title={t('winLoss.newInterview.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('winLoss.close') }}
      data-testid="interview-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label={t('winLoss.newInterview.deal')}
            description={t('winLoss.newInterview.dealHint')}
            placeholder={t('winLoss.newInterview.dealSearch')}
            data={data}
            value={deal ? String(deal.id) : null}
            onChange={(v) => setDeal(options.find((d) => String(d.id) === v) ?? null)}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server searched already: every deal it answered is an option.
            filter={({ options: all }) => all}
            nothingFoundMessage={deals.isFetching ? undefined : t('winLoss.newInterview.noDeals')}
            required
            disabled={locked}
            error={fieldError(create.error, 'dealId')}
            comboboxProps={{ withinPortal: true }}
            data-testid="interview-deal"
          />
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              type="date"
              label={t('winLoss.newInterview.date')}
              value={interviewedOn}
              onChange={(e) => setInterviewedOn(e.currentTarget.value)}
              required
              disabled={locked}
              error={fieldError(create.error, 'interviewedOn')}
              miw={150}
              data-testid="interview-date"
            />
            <TextInput
              label={t('winLoss.newInterview.interviewer')}
              value={interviewer}
              onChange={(e) => setInterviewer(e.currentTarget.value)}
              required
              maxLength={120}
              disabled={locked}
              error={fieldError(create.error, 'interviewer')}
              miw={150}
              data-testid="interview-interviewer"
            />
          </Group>
          <TextInput
            label={t('winLoss.newInterview.buyerRole')}
            placeholder={t('winLoss.newInterview.buyerRolePlaceholder')}
            value={buyerRole}
            onChange={(e) => setBuyerRole(e.currentTarget.value)}
            maxLength={120}
            disabled={locked}
            error={fieldError(create.error, 'buyerRole')}
            data-testid="interview-buyer-role"
          />
          <TagsInput
            label={t('winLoss.newInterview.buyerSpeakers')}
            description={t('winLoss.newInterview.buyerSpeakersHint')}
            value={buyerSpeakers}
            onChange={setBuyerSpeakers}
            maxTags={20}
            disabled={locked}
            error={fieldError(create.error, 'buyerSpeakers')}
            data-testid="interview-buyer-speakers"
          />
          <TranscriptInput file={file} onChange={setFile} problem={problem} disabled={busy} />
          {upload.isPending && <Uploading />}
          {create.isError && (
            <Alert color="red" variant="light" title={t('winLoss.newInterview.failed')} role="alert" data-testid="interview-error">
              {errorText(create.error)}
            </Alert>
          )}
          {upload.isError && (
            <Alert color="red" variant="light" title={t('winLoss.transcript.failed')} role="alert" data-testid="transcript-error">
              {errorText(upload.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => (createdId === null ? onClose() : onCreated(createdId))}>
              {t(createdId === null ? 'winLoss.cancel' : 'winLoss.close')}
            </Button>
            <Button type="submit" disabled={(!deal && createdId === null) || !interviewer.trim() || !interviewedOn || problem !== null} loading={busy} data-testid="interview-create">
              {t(createdId === null ? 'winLoss.newInterview.create' : 'winLoss.transcript.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
