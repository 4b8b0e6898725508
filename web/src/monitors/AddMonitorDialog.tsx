// "Add monitor" (issue #52): an address, what to watch there (found out, or a page or a feed), how often; a preview
// fetches it once and shows what the monitor would watch (a page's text, a feed's newest entries) and, for a page
// that announces a feed, offers to watch the feed instead. Then a rival (the one the page names most, suggested)
// and a name (the page's title), and Save. A refused address shows under the address field; other errors above
// the buttons.
import { Alert, Anchor, Box, Button, Collapse, Group, Loader, Modal, Paper, ScrollArea, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MONITOR_NAME_MAX, MONITOR_SELECTOR_MAX, MONITOR_URL_MAX, type MonitorKind, type MonitorPreview } from '../../../contracts/monitors.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, ChevronDownIcon, InfoIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useCreateMonitor, usePreviewMonitor } from './api.ts';
import { FeedIcon } from './icons.tsx';
import { KindBadge, RivalSelect } from './MonitorBits.tsx';
import { DEFAULT_INTERVAL, errorReasonKey, failureReason, hostOf, intervalChoices, intervalWords, isWebLink, namesField, withScheme } from './model.ts';
import classes from './Monitors.module.css';
import '../i18n/areas/monitors.ts';

type KindChoice = 'auto' | MonitorKind;
const KIND_CHOICES: readonly KindChoice[] = ['auto', 'page', 'feed'];

/** How often a monitor checks: the interval Select's options. */
export function useIntervalData(current?: number) {
  const { t } = useTranslation();
  return intervalChoices(current).map((m) => {
    const words = intervalWords(m);
    return { value: String(m), label: t(words.key, words.values) };
  });
}

export function AddMonitorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} title={t('monitors.add.title')} size="lg" closeButtonProps={{ 'aria-label': t('monitors.close') }} radius="lg" fullScreen={phone} data-testid="monitor-add-dialog">
      {/* Each opening starts afresh. */}
      {opened && <AddMonitorForm onClose={onClose} />}
    </Modal>
  );
}

function AddMonitorForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const kindLabel = useId();
  const phone = usePhone();
  const previewing = usePreviewMonitor();
  const create = useCreateMonitor();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<KindChoice>('auto');
  const [selector, setSelector] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [interval, setInterval] = useState(DEFAULT_INTERVAL);
  const [preview, setPreview] = useState<MonitorPreview | null>(null);
  const [rivalId, setRivalId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const intervals = useIntervalData();

  // A refused or unreachable address reads under the address field (a failed check's reason in our words, else the
  // server's); any other failure above the buttons.
  const failure = create.error ?? previewing.error;
  const reason = failureReason(failure);
  const urlError = !failure ? null : reason ? t(errorReasonKey(reason)) : namesField(failure, 'url') ? (fieldError(failure, 'url') ?? errorText(failure)) : null;
  const otherError = failure && !urlError ? errorText(failure) : null;
  const trimmed = withScheme(url);

  const runPreview = (address: string, as: KindChoice, css: string) => {
    create.reset();
    setPreview(null);
    previewing.mutate(
      { url: address, ...(as === 'auto' ? {} : { kind: as }), ...(as !== 'feed' && css.trim() ? { selector: css.trim() } : {}) },
      {
        onSuccess: (found) => {
          setPreview(found);
          setName((found.title || hostOf(found.url)).slice(0, MONITOR_NAME_MAX));
          setRivalId(found.suggestedRival?.id ?? null);
        },
      },
    );
  };

  /** A change of what to watch: the preview no longer holds. */
  const changed = () => {
    setPreview(null);
    previewing.reset();
    create.reset();
  };

  const watchFeed = (feedUrl: string) => {
    setUrl(feedUrl);
    setKind('feed');
    setSelector('');
    runPreview(feedUrl, 'feed', '');
  };

  const navigate = useNavigate();
  const save = () => {
    if (!preview) return;
    const css = preview.kind === 'page' && selector.trim() ? selector.trim() : null;
    create.mutate(
      { kind: preview.kind, url: trimmed, rivalId, name: name.trim() || undefined, selector: css, intervalMinutes: interval },
      {
        onSuccess: (m) => {
          toastSuccess(t('monitors.add.saved', { name: m.name }));
          onClose();
          // Its page shows its first check arrive; in the list, a monitor with no change yet is hidden by default.
          void navigate(`/monitors/${m.id}`);
        },
      },
    );
  };


  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (preview) save();
        else if (trimmed) {
          setUrl(trimmed);
          runPreview(trimmed, kind, selector);
        }
      }}
    >
      <Stack gap="md" data-testid="monitor-add-form" data-step={preview ? 'found' : 'url'}>
        <Text size="sm" c="dimmed">
          {t('monitors.add.intro')}
        </Text>
        <TextInput
          label={t('monitors.add.url')}
          description={t('monitors.add.urlHint')}
          placeholder="https://www.example.com/pricing"
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            changed();
          }}
          maxLength={MONITOR_URL_MAX}
          inputMode="url"
          autoComplete="url"
          required
          data-autofocus
          error={urlError}
          data-testid="monitor-url-input"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabel}>
            {t('monitors.add.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabel}
            value={kind}
            onChange={(v) => {
              setKind(v as KindChoice);
              changed();
            }}
            data={KIND_CHOICES.map((k) => ({ value: k, label: t(`monitors.add.kinds.${k}`) }))}
            fullWidth={phone}
            data-testid="monitor-kind-input"
          />
        </Stack>
        {kind !== 'feed' && (
          <Box>
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              onClick={() => setAdvanced((o) => !o)}
              aria-expanded={advanced}
              rightSection={<ChevronDownIcon size={14} className={advanced ? classes.chevronOpen : classes.chevron} />}
              data-testid="monitor-advanced"
            >
              {t('monitors.add.advanced')}
            </Button>
            <Collapse in={advanced}>
              <TextInput
                mt="xs"
                label={t('monitors.fields.selector')}
                description={t('monitors.fields.selectorHint')}
                value={selector}
                onChange={(e) => {
                  setSelector(e.currentTarget.value);
                  changed();
                }}
                maxLength={MONITOR_SELECTOR_MAX}
                spellCheck={false}
                ff="monospace"
                data-testid="monitor-selector-input"
              />
            </Collapse>
          </Box>
        )}
        <Select
          label={t('monitors.fields.interval')}
          data={intervals}
          value={String(interval)}
          onChange={(v) => v && setInterval(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="monitor-interval-input"
        />

        {previewing.isPending && (
          <Group gap="sm" role="status" data-testid="monitor-preview-progress">
            <Loader size="sm" />
            <Text size="sm">{t('monitors.add.previewing')}</Text>
          </Group>
        )}

        {preview && <Found preview={preview} onWatchFeed={watchFeed} busy={previewing.isPending} />}

        {preview && (
          <>
            <RivalSelect
              value={rivalId}
              onChange={setRivalId}
              known={preview.suggestedRival}
              description={t('monitors.fields.rivalHint')}
              data-testid="monitor-rival-input"
            />
            <TextInput
              label={t('monitors.fields.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={MONITOR_NAME_MAX}
              data-testid="monitor-name-input"
            />
          </>
        )}

        {otherError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} title={t(create.error ? 'monitors.add.failed' : 'monitors.add.previewFailed')} data-testid="monitor-add-error">
            {otherError}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('monitors.cancel')}
          </Button>
          {preview ? (
            <Button type="submit" loading={create.isPending} disabled={previewing.isPending} data-testid="monitor-save">
              {t('monitors.add.save')}
            </Button>
          ) : (
            <Button type="submit" loading={previewing.isPending} disabled={!trimmed} data-testid="monitor-preview">
              {t('monitors.add.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** What the preview found: the kind and title, a page's watched text or a feed's newest entries, and a feed to watch instead. */
function Found({ preview, onWatchFeed, busy }: { preview: MonitorPreview; onWatchFeed: (url: string) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="monitor-preview-result" data-kind={preview.kind}>
      <Stack gap="sm">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" component="h3" m={0}>
          {t('monitors.add.found')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <KindBadge kind={preview.kind} />
          <Text fw={600} className={classes.breakAnywhere} data-testid="monitor-preview-title">
            {preview.title || hostOf(preview.url)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {t('monitors.add.ledTo', { url: preview.url })}
        </Text>
        {preview.kind === 'page' ? (
          preview.text.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('monitors.add.watchedText')}
              </Text>
              <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars className={classes.previewBox} viewportProps={{ tabIndex: 0, 'aria-label': t('monitors.add.watchedText') }}>
                <Stack gap={6} p="xs" data-testid="monitor-preview-text">
                  {preview.text.map((block, i) => (
                    <Text key={i} size="sm" className={classes.breakAnywhere}>
                      {block}
                    </Text>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('monitors.add.noText')}
            </Text>
          )
        ) : preview.entries.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('monitors.add.entries')}
            </Text>
            <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars className={classes.previewBox} viewportProps={{ tabIndex: 0, 'aria-label': t('monitors.add.entries') }}>
              <Stack component="ul" gap={6} p="xs" m={0} className={classes.plainList} data-testid="monitor-preview-entries">
                {preview.entries.map((e, i) => (
                  <li key={i}>
                    {isWebLink(e.link) ? (
                      <Anchor href={e.link} target="_blank" rel="noopener noreferrer" size="sm" className={classes.breakAnywhere}>
                        {e.title}
                      </Anchor>
                    ) : (
                      <Text size="sm" className={classes.breakAnywhere}>
                        {e.title}
                      </Text>
                    )}
                    {e.publishedAt && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {shortDate(e.publishedAt, i18n.language)}
                      </Text>
                    )}
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('monitors.add.noEntries')}
          </Text>
        )}
        {preview.kind === 'page' && preview.feedUrl && (
          <Alert color="orange" variant="light" icon={<InfoIcon />} data-testid="monitor-feed-offer">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('monitors.add.feedOffer')}</Text>
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {preview.feedUrl}
              </Text>
              <Button size="xs" variant="light" color="orange" leftSection={<FeedIcon size={14} />} onClick={() => onWatchFeed(preview.feedUrl!)} loading={busy} data-testid="monitor-use-feed">
                {t('monitors.add.useFeed')}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
