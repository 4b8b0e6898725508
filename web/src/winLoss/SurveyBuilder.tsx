// A survey opened from the surveys tab: curators build a draft (name, introduction, questions of each type with their
// options, required or not, in their order; the closed deals and the contact asked about each; how long the link
// lasts and the reminders), check it with the contract's own schema, preview it as the public page draws it, save it
// and send it after a confirmation, or delete it. A sent survey, or any survey for a reader who does not curate, shows
// each contact's state; there curators add contacts with the builder's own picker (the server mails them on the save)
// and may delete it. The server's refusals are said where they belong (the name, a question, a recipient).
import { Alert, Anchor, Button, Checkbox, Group, List, Modal, NativeSelect, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SURVEY_MAX_RECIPIENTS, SURVEY_QUESTION_TYPES, type SurveyDetail } from '../../../contracts/winLoss.ts';
import { ApiError } from '../api/client.ts';
import { useErrorText, validationProblem } from '../api/errorText.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { usePhone } from '../shared/usePhone.ts';
import { surveyLanguage, surveyStrings } from '../survey/strings.ts';
import { SurveyForm } from '../survey/SurveyForm.tsx';
import { isCurator } from '../user/permissions.ts';
import { OutcomeBadge } from './DealsDrawer.tsx';
import { formatShare } from './model.ts';
import { useDealSearch, useSaveSurvey, useSendSurvey, useSurvey } from './surveyApi.ts';
import { canAddQuestion, draftOf, draftProblems, fieldOf, move, newDraft, newQuestion, placeOf, previewOf, serverProblems, shiftRecipients, surveyBody, type Draft, type DraftQuestion, type DraftRecipient, type Problem, type QuestionType } from './surveyModel.ts';
import { DeleteSurvey, SurveyStateBadge } from './SurveysTab.tsx';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

/** Options a single or multiple choice question may have (contracts/winLoss.ts). */
const MAX_OPTIONS = 12;
/** The pause after typing before the deals are searched. */
const DEAL_SEARCH_DEBOUNCE_MS = 300;

export function SurveyBuilder({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const survey = useSurvey(id);
  const { errorText } = useErrorText();
  // A new survey's first save moves to its own address; the builder there says it was saved.
  const justSaved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const back = (
    <Anchor component={Link} to="/win-loss/surveys" size="sm" data-testid="survey-back">
      {t('winLoss.surveys.back')}
    </Anchor>
  );
  if (id === null) return <Editor key="new" id={null} initial={newDraft()} back={back} />;
  if (survey.isPending) return <Skeleton h={400} radius="md" />;
  if (survey.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" variant="light" title={t('winLoss.surveys.loadFailed')} data-testid="survey-error">
          {errorText(survey.error)}
        </Alert>
      </Stack>
    );
  }
  if (survey.data.state !== 'draft' || !isCurator(user)) return <SentSurvey survey={survey.data} back={back} />;
  return <Editor key={survey.data.id} id={survey.data.id} initial={draftOf(survey.data)} back={back} justSaved={justSaved} />;
}

/** A problem in the reader's words: German says the rule's wording where the errors area has it. */
function useProblemText() {
  const { t } = useTranslation();
  return (p: Problem) => validationProblem(t, p.issue) ?? p.message;
}

/** A save's refusal: the problems a 400 names, each at its place, and the error in words. */
function useRefusal(setProblems: (ps: Problem[]) => void, setFailure: (f: string | null) => void) {
  const { errorText } = useErrorText();
  return (err: unknown) => {
    setProblems(err instanceof ApiError && err.status === 400 ? serverProblems(err.details) : []);
    setFailure(errorText(err));
  };
}

function Editor({ id, initial, back, justSaved = false }: { id: number | null; initial: Draft; back: ReactNode; justSaved?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(initial);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(justSaved);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSurvey();
  const send = useSendSurvey();
  const refused = useRefusal(setProblems, setFailure);
  const problemText = useProblemText();
  const phone = usePhone();

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setSaved(false);
  };
  const setQuestion = (index: number, q: DraftQuestion) => change({ questions: draft.questions.map((x, i) => (i === index ? q : x)) });
  const at = (place: string) => problems.filter((p) => placeOf(p.path) === place);

  /** The draft checked; false (with its problems said) when the server would refuse it. */
  const check = () => {
    const found = draftProblems(draft);
    setProblems(found);
    setFailure(null);
    return found.length === 0;
  };
  const saveDraft = async () => {
    const body = surveyBody(draft);
    const result = await save.mutateAsync({ id, body });
    setProblems([]);
    setFailure(null);
    return result;
  };
  const onSave = () => {
    if (!check()) return;
    saveDraft().then(
      (result) => {
        setSaved(true);
        if (id === null) void navigate(`/win-loss/surveys/${result.id}`, { replace: true, state: { saved: true } });
      },
      refused,
    );
  };
  const onSend = () => {
    if (!check()) return;
    if (draft.recipients.length === 0) return setFailure(t('winLoss.surveys.builder.sendNeedsRecipients'));
    setConfirming(true);
  };
  const confirmSend = () => {
    setConfirming(false);
    saveDraft()
      .then((result) => send.mutateAsync(result.id).then(() => (id === null ? navigate(`/win-loss/surveys/${result.id}`, { replace: true }) : undefined)))
      .catch(refused);
  };

  const nameProblems = at('name');
  const language = surveyLanguage('', [i18n.language]);
  const busy = save.isPending || send.isPending;
  return (
    <Stack gap="lg" data-testid="survey-builder">
      {back}
      <Title order={2} fz="h3">
        {t(id === null ? 'winLoss.surveys.builder.titleNew' : 'winLoss.surveys.builder.titleEdit')}
      </Title>
      <ProblemsAlert problems={problems} failure={failure} problemText={problemText} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label={t('winLoss.surveys.builder.name')}
            description={t('winLoss.surveys.builder.nameHint')}
            required
            maxLength={120}
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={nameProblems.length ? nameProblems.map(problemText).join(' ') : undefined}
            data-testid="survey-name-input"
          />
          <Textarea
            label={t('winLoss.surveys.builder.intro')}
            description={t('winLoss.surveys.builder.introHint')}
            autosize
            minRows={2}
            maxLength={1000}
            value={draft.intro}
            onChange={(e) => change({ intro: e.currentTarget.value })}
            data-testid="survey-intro-input"
          />
        </Stack>
      </Paper>

      <Questions draft={draft} onChange={(questions) => change({ questions })} setQuestion={setQuestion} problemsAt={at} problemText={problemText} />
      <Recipients recipients={draft.recipients} onChange={(recipients) => change({ recipients })} problemsAt={at} problemText={problemText} />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="survey-settings-title">
        <Title order={3} fz="md" mb="sm" id="survey-settings-title">
          {t('winLoss.surveys.builder.settings')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {(
            [
              ['expiresInDays', 1, 90],
              ['remindAfterDays', 1, 30],
              ['maxReminders', 0, 5],
            ] as const
          ).map(([field, min, max]) => {
            const own = at('settings').filter((p) => fieldOf(p.path) === field);
            return (
              <NumberInput
                key={field}
                label={t(`winLoss.surveys.builder.${field}`)}
                min={min}
                max={max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={draft[field]}
                onChange={(v) => change({ [field]: typeof v === 'number' ? v : Number(v) || min })}
                error={own.length ? own.map(problemText).join(' ') : undefined}
                data-testid={`survey-${field}`}
              />
            );
          })}
        </SimpleGrid>
      </Paper>

      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => setPreviewing(true)} data-testid="survey-preview">
          {t('winLoss.surveys.builder.preview')}
        </Button>
        <Button variant="light" onClick={onSave} loading={save.isPending && !send.isPending} disabled={busy} data-testid="survey-save">
          {t('winLoss.surveys.builder.save')}
        </Button>
        <Button onClick={onSend} loading={send.isPending} disabled={busy} data-testid="survey-send">
          {t('winLoss.surveys.builder.send')}
        </Button>
        <Text size="sm" role="status" data-testid="survey-saved">
          {saved ? t('winLoss.surveys.builder.saved') : ''}
        </Text>
        {id !== null && <DeleteSurvey survey={{ id, name: initial.name, state: 'draft' }} onDeleted={() => void navigate('/win-loss/surveys', { replace: true })} />}
      </Group>

      <Modal opened={previewing} onClose={() => setPreviewing(false)} title={t('winLoss.surveys.builder.previewTitle', { name: draft.name || t('winLoss.surveys.builder.untitled') })} size="lg" fullScreen={phone}>
        <div data-testid="survey-preview-body">
          <Text size="sm" c="dimmed" mb="md">
            {surveyStrings(language)('survey.preview.note')}
          </Text>
          <PreviewForm draft={draft} language={language} />
        </div>
      </Modal>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('winLoss.surveys.builder.confirm.title')} fullScreen={phone}>
        <Stack gap="md" data-testid="survey-confirm">
          <Text size="sm">{t('winLoss.surveys.builder.confirm.body', { count: draft.recipients.length })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('winLoss.cancel')}
            </Button>
            <Button onClick={confirmSend} data-testid="survey-confirm-send">
              {t('winLoss.surveys.builder.confirm.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** Where a problem is, in words: "Question 2", "Recipient 1", "Name". */
function placeLabel(t: Translate, p: Problem): string {
  const [head, index] = p.path;
  if (head === 'questions' && typeof index === 'number') return t('winLoss.surveys.builder.place.question', { n: index + 1 });
  if (head === 'recipients' && typeof index === 'number') return t('winLoss.surveys.builder.place.recipient', { n: index + 1 });
  const place = placeOf(p.path);
  return t(`winLoss.surveys.builder.place.${['name', 'intro', 'questions', 'recipients', 'settings'].includes(place) ? place : 'survey'}`);
}

/** The problems found, each with its place, under the failure's words (or a call to fix them). */
function ProblemsAlert({ problems, failure, problemText }: { problems: Problem[]; failure: string | null; problemText: (p: Problem) => string }) {
  const { t } = useTranslation();
  if (problems.length === 0 && !failure) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={failure ?? t('winLoss.surveys.builder.problems')} data-testid="survey-problems">
      {problems.length > 0 && (
        <List size="sm" spacing={2}>
          {problems.map((p, i) => (
            <List.Item key={i} data-testid="survey-problem">
              {placeLabel(t, p)}: {problemText(p)}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

type ProblemsProps = { problemsAt: (place: string) => Problem[]; problemText: (p: Problem) => string };

function Questions({ draft, onChange, setQuestion, problemsAt, problemText }: { draft: Draft; onChange: (qs: DraftQuestion[]) => void; setQuestion: (i: number, q: DraftQuestion) => void } & ProblemsProps) {
  const { t } = useTranslation();
  const addId = useId();
  const listProblems = problemsAt('questions');
  return (
    <Stack gap="sm" component="section" aria-labelledby="survey-questions-title">
      <Title order={3} fz="md" id="survey-questions-title">
        {t('winLoss.surveys.builder.questions')}
      </Title>
      {draft.questions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('winLoss.surveys.builder.noQuestions')}
        </Text>
      )}
      {listProblems.length > 0 && (
        <Text size="sm" c="red.8" fw={600} data-testid="survey-questions-problem">
          {listProblems.map(problemText).join(' ')}
        </Text>
      )}
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={q.id}
          question={q}
          index={i}
          count={draft.questions.length}
          onChange={(next) => setQuestion(i, next)}
          onMove={(delta) => onChange(move(draft.questions, i, delta))}
          onRemove={() => onChange(draft.questions.filter((_, j) => j !== i))}
          problems={problemsAt(`questions.${i}`)}
          problemText={problemText}
        />
      ))}
      <Group gap="xs" role="group" aria-labelledby={addId}>
        <Text size="sm" fw={500} id={addId}>
          {t('winLoss.surveys.builder.addQuestion')}
        </Text>
        {SURVEY_QUESTION_TYPES.map((type) => (
          <Button key={type} size="compact-sm" variant="default" disabled={!canAddQuestion(draft)} onClick={() => onChange([...draft.questions, newQuestion(type, draft.questions)])} data-testid={`survey-add-${type}`}>
            {t(`winLoss.surveys.builder.types.${type}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

type QuestionEditorProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  onChange: (q: DraftQuestion) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  problems: Problem[];
  problemText: (p: Problem) => string;
};

function QuestionEditor({ question: q, index, count, onChange, onMove, onRemove, problems, problemText }: QuestionEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const n = index + 1;
  const of = (field: string) => problems.filter((p) => fieldOf(p.path) === field);
  const textProblems = of('text');
  const optionProblems = of('options');
  const other = problems.filter((p) => !['text', 'options'].includes(fieldOf(p.path) ?? ''));
  const setType = (type: QuestionType) => onChange({ ...q, type, options: (type === 'single' || type === 'multiple') && q.options.length < 2 ? ['', ''] : q.options });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="survey-question-editor" data-invalid={problems.length > 0 || undefined}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={4} fz="sm" id={headingId}>
          {t('winLoss.surveys.builder.question', { n })}
        </Title>
        <Group gap={4} wrap="wrap">
          <Button size="compact-xs" variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('winLoss.surveys.builder.moveUp', { n })} data-testid="survey-question-up">
            {t('winLoss.surveys.builder.up')}
          </Button>
          <Button size="compact-xs" variant="subtle" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('winLoss.surveys.builder.moveDown', { n })} data-testid="survey-question-down">
            {t('winLoss.surveys.builder.down')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('winLoss.surveys.builder.remove', { n })} data-testid="survey-question-remove">
            {t('winLoss.surveys.builder.removeShort')}
          </Button>
        </Group>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('winLoss.surveys.builder.type')}
            value={q.type}
            onChange={(e) => setType(e.currentTarget.value as QuestionType)}
            data={SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(`winLoss.surveys.builder.types.${type}`) }))}
            data-testid="survey-question-type"
          />
          {q.type === 'rating' && (
            <NativeSelect
              label={t('winLoss.surveys.builder.scale')}
              value={String(q.scale)}
              onChange={(e) => onChange({ ...q, scale: e.currentTarget.value === '10' ? 10 : 5 })}
              data={[
                { value: '5', label: t('winLoss.surveys.builder.scaleOf', { max: 5 }) },
                { value: '10', label: t('winLoss.surveys.builder.scaleOf', { max: 10 }) },
              ]}
              data-testid="survey-question-scale"
            />
          )}
        </SimpleGrid>
        <TextInput
          label={t('winLoss.surveys.builder.text')}
          required
          maxLength={300}
          value={q.text}
          onChange={(e) => onChange({ ...q, text: e.currentTarget.value })}
          error={textProblems.length ? textProblems.map(problemText).join(' ') : undefined}
          data-testid="survey-question-text"
        />
        {(q.type === 'single' || q.type === 'multiple') && (
          <Stack gap={6} role="group" aria-label={t('winLoss.surveys.builder.optionsOf', { n })}>
            <Text size="sm" fw={500}>
              {t('winLoss.surveys.builder.options')}
            </Text>
            {q.options.map((o, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  flex={1}
                  miw={0}
                  label={t('winLoss.surveys.builder.option', { n: i + 1 })}
                  maxLength={120}
                  value={o}
                  onChange={(e) => onChange({ ...q, options: q.options.map((x, j) => (j === i ? e.currentTarget.value : x)) })}
                  data-testid="survey-question-option"
                />
                <Button
                  size="sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onChange({ ...q, options: q.options.filter((_, j) => j !== i) })}
                  aria-label={t('winLoss.surveys.builder.removeOption', { n: i + 1 })}
                  data-testid="survey-question-option-remove"
                >
                  {t('winLoss.surveys.builder.removeShort')}
                </Button>
              </Group>
            ))}
            {optionProblems.length > 0 && (
              <Text size="sm" c="red.8" fw={600} data-testid="survey-question-options-problem">
                {optionProblems.map(problemText).join(' ')}
              </Text>
            )}
            <Button size="compact-sm" variant="light" w="fit-content" disabled={q.options.length >= MAX_OPTIONS} onClick={() => onChange({ ...q, options: [...q.options, ''] })} data-testid="survey-question-option-add">
              {t('winLoss.surveys.builder.addOption')}
            </Button>
          </Stack>
        )}
        {q.type === 'reasons' && (
          <Text size="sm" c="dimmed">
            {t('winLoss.surveys.builder.reasonsNote')}
          </Text>
        )}
        <Checkbox label={t('winLoss.surveys.builder.required')} checked={q.required} onChange={(e) => onChange({ ...q, required: e.currentTarget.checked })} data-testid="survey-question-required" />
        {other.length > 0 && (
          <Text size="sm" c="red.8" fw={600}>
            {other.map(problemText).join(' ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

type RecipientsProps = {
  /** The contacts being picked: a draft's all, or those a sent survey gets added. */
  recipients: DraftRecipient[];
  onChange: (r: DraftRecipient[]) => void;
  /** A sent survey's contacts already asked: their deals count as added, and toward the survey's cap. */
  asked?: readonly DraftRecipient[];
  title?: string;
} & ProblemsProps;

/** The contact picker: closed deals found by words, each with the contact asked about it. */
function Recipients({ recipients, onChange, asked = [], title, problemsAt, problemText }: RecipientsProps) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), DEAL_SEARCH_DEBOUNCE_MS);
  const deals = useDealSearch(debounced);
  const added = new Set([...asked, ...recipients].map((r) => r.deal.id));
  const closed = (deals.data?.items ?? []).filter((d) => d.outcome !== null);
  const listProblems = problemsAt('recipients');
  const full = asked.length + recipients.length >= SURVEY_MAX_RECIPIENTS;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="survey-recipients-title">
      <Title order={3} fz="md" id="survey-recipients-title">
        {title ?? t('winLoss.surveys.builder.recipients')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('winLoss.surveys.builder.recipientsIntro')}
      </Text>
      <TextInput
        type="search"
        label={t('winLoss.surveys.builder.findDeals')}
        placeholder={t('winLoss.surveys.builder.findDealsPlaceholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="survey-deal-search"
      />
      {debounced && (
        <Stack gap={4} mt="xs" component="ul" className={classes.plainList} data-testid="survey-deal-results" aria-live="polite">
          {deals.isPending ? null : closed.length === 0 ? (
            <Text component="li" size="sm" c="dimmed">
              {t('winLoss.surveys.builder.noDeals')}
            </Text>
          ) : (
            closed.map((d) => (
              <Group component="li" key={d.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="survey-deal-result">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {d.name}
                  </Text>
                  <Group gap={6}>
                    <OutcomeBadge outcome={d.outcome} />
                    {d.closedOn && (
                      <Text size="xs" c="dimmed">
                        {t('winLoss.surveys.builder.closedOn', { date: shortDate(d.closedOn, i18n.language) })}
                      </Text>
                    )}
                  </Group>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={added.has(d.id) || full}
                  onClick={() => onChange([...recipients, { deal: { id: d.id, name: d.name, outcome: d.outcome, closedOn: d.closedOn }, email: '', name: '' }])}
                  aria-label={t('winLoss.surveys.builder.addDeal', { name: d.name })}
                  data-testid="survey-deal-add"
                >
                  {added.has(d.id) ? t('winLoss.surveys.builder.added') : t('winLoss.surveys.builder.add')}
                </Button>
              </Group>
            ))
          )}
        </Stack>
      )}
      {listProblems.length > 0 && (
        <Text size="sm" c="red.8" fw={600} mt="xs">
          {listProblems.map(problemText).join(' ')}
        </Text>
      )}
      <Stack gap="sm" mt="md">
        {recipients.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('winLoss.surveys.builder.noRecipients')}
          </Text>
        ) : (
          recipients.map((r, i) => {
            const own = problemsAt(`recipients.${i}`);
            const set = (next: Partial<DraftRecipient>) => onChange(recipients.map((x, j) => (j === i ? { ...x, ...next } : x)));
            const emailProblems = own.filter((p) => fieldOf(p.path) === 'email');
            const other = own.filter((p) => fieldOf(p.path) !== 'email');
            return (
              <Paper key={r.deal.id} withBorder radius="sm" p="sm" data-testid="survey-recipient" data-invalid={own.length > 0 || undefined}>
                <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
                  <Group gap={6} miw={0}>
                    <Text size="sm" fw={600} truncate>
                      {r.deal.name}
                    </Text>
                    <OutcomeBadge outcome={r.deal.outcome} />
                  </Group>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(recipients.filter((_, j) => j !== i))} aria-label={t('winLoss.surveys.builder.removeRecipient', { name: r.deal.name })} data-testid="survey-recipient-remove">
                    {t('winLoss.surveys.builder.removeShort')}
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <TextInput
                    type="email"
                    required
                    label={t('winLoss.surveys.builder.email')}
                    maxLength={254}
                    value={r.email}
                    onChange={(e) => set({ email: e.currentTarget.value })}
                    error={emailProblems.length ? emailProblems.map(problemText).join(' ') : undefined}
                    data-testid="survey-recipient-email"
                  />
                  <TextInput label={t('winLoss.surveys.builder.contactName')} maxLength={120} value={r.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="survey-recipient-name" />
                </SimpleGrid>
                {other.length > 0 && (
                  <Text size="sm" c="red.8" fw={600} mt={4}>
                    {other.map(problemText).join(' ')}
                  </Text>
                )}
              </Paper>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}

/** The public page's own form with the draft, every field disabled. */
function PreviewForm({ draft, language }: { draft: Draft; language: ReturnType<typeof surveyLanguage> }) {
  const { company } = useSession();
  const t = surveyStrings(language);
  return <SurveyForm survey={previewOf(draft, company.name, new Date())} t={t} language={language} preview />;
}

/** A sent (or closed) survey: its figures and each contact's state; curators add contacts and may delete it. */
function SentSurvey({ survey, back }: { survey: SurveyDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { company, user } = useSession();
  const navigate = useNavigate();
  const curator = isCurator(user);
  const lang = i18n.language;
  const [previewing, setPreviewing] = useState(false);
  const phone = usePhone();
  const language = surveyLanguage('', [lang]);
  const date = (iso: string | null) => (iso ? shortDate(iso, lang) : t('winLoss.noValue'));
  return (
    <Stack gap="md" data-testid="survey-sent">
      {back}
      <Group gap="sm" wrap="wrap">
        <Title order={2} fz="h3" data-testid="survey-title">
          {survey.name}
        </Title>
        <SurveyStateBadge state={survey.state} />
      </Group>
      <Text size="sm" data-testid="survey-figures">
        {t('winLoss.surveys.detail.figures', {
          sent: survey.health.sent,
          opened: survey.health.opened,
          answered: survey.health.answered,
          rate: formatShare(survey.health.responseRate, lang) ?? t('winLoss.noValue'),
        })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => setPreviewing(true)} data-testid="survey-preview">
          {t('winLoss.surveys.builder.preview')}
        </Button>
        {curator && survey.state !== 'draft' && <DeleteSurvey survey={survey} onDeleted={() => void navigate('/win-loss/surveys', { replace: true })} />}
      </Group>
      <Table.ScrollContainer minWidth={640} type="native" attributes={SCROLLS_BY_KEYBOARD}>
        <Table verticalSpacing="xs" fz="sm" data-testid="survey-recipients">
          <Table.Caption>{t('winLoss.surveys.detail.caption', { count: survey.recipients.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('winLoss.surveys.detail.contact')}</Table.Th>
              <Table.Th scope="col">{t('winLoss.surveys.detail.deal')}</Table.Th>
              <Table.Th scope="col">{t('winLoss.surveys.detail.state')}</Table.Th>
              <Table.Th scope="col">{t('winLoss.surveys.detail.sentAt')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('winLoss.surveys.detail.reminders')}
              </Table.Th>
              <Table.Th scope="col">{t('winLoss.surveys.detail.answeredAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {survey.recipients.map((r) => (
              <Table.Tr key={r.id} data-testid="survey-recipient-row">
                <Table.Th scope="row" fw={500}>
                  {r.name ?? r.email}
                  {r.name && (
                    <Text size="xs" c="dimmed">
                      {r.email}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{r.deal.name}</Table.Td>
                <Table.Td data-testid="survey-recipient-state" data-state={r.state}>
                  {t(`winLoss.surveys.recipientState.${r.state}`)}
                </Table.Td>
                <Table.Td>{date(r.sentAt)}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.reminders, lang)}</Table.Td>
                <Table.Td>{date(r.answeredAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {curator && survey.state !== 'draft' && <AddContacts survey={survey} />}
      <Modal opened={previewing} onClose={() => setPreviewing(false)} title={t('winLoss.surveys.builder.previewTitle', { name: survey.name })} size="lg" fullScreen={phone}>
        <SurveyForm survey={previewOf(draftOf(survey), company.name, new Date())} t={surveyStrings(language)} language={language} preview />
      </Modal>
    </Stack>
  );
}

/**
 * New contacts of a sent survey. The server takes a sent survey's PUT only as the survey repeated whole (settings,
 * questions and every contact) with contacts added, and mails those itself; so the body is the survey as it is plus
 * the picked contacts, checked with the contract first. Problems of the new contacts are said at them.
 */
function AddContacts({ survey }: { survey: SurveyDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<DraftRecipient[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [mailed, setMailed] = useState(0);
  const save = useSaveSurvey();
  const asked = draftOf(survey).recipients;
  const refused = useRefusal((ps) => setProblems(shiftRecipients(ps, -asked.length)), setFailure);
  const problemText = useProblemText();
  const at = (place: string) => problems.filter((p) => placeOf(p.path) === place);

  const submit = () => {
    const whole = { ...draftOf(survey), recipients: [...asked, ...picked] };
    const found = shiftRecipients(draftProblems(whole), -asked.length);
    setProblems(found);
    setFailure(picked.length === 0 ? t('winLoss.surveys.detail.addNeedsContacts') : null);
    if (found.length || picked.length === 0) return;
    save.mutateAsync({ id: survey.id, body: surveyBody(whole) }).then(() => {
      setMailed(picked.length);
      setPicked([]);
      setOpen(false);
    }, refused);
  };

  if (!open) {
    return (
      <Group gap="sm">
        <Button variant="light" w="fit-content" onClick={() => setOpen(true)} data-testid="survey-add-contacts">
          {t('winLoss.surveys.detail.addContacts')}
        </Button>
        <Text size="sm" role="status" data-testid="survey-contacts-added">
          {mailed ? t('winLoss.surveys.detail.added', { count: mailed }) : ''}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="sm" data-testid="survey-add-contacts-form">
      <ProblemsAlert problems={problems} failure={failure} problemText={problemText} />
      <Recipients recipients={picked} onChange={setPicked} asked={asked} title={t('winLoss.surveys.detail.addTitle')} problemsAt={at} problemText={problemText} />
      <Text size="sm" c="dimmed">
        {t('winLoss.surveys.detail.addNote')}
      </Text>
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending} data-testid="survey-add-contacts-save">
          {t('winLoss.surveys.detail.addSave', { count: picked.length })}
        </Button>
        <Button variant="default" onClick={() => setOpen(false)} disabled={save.isPending}>
          {t('winLoss.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
