// What a curator makes of a passage: an intel item of the call channel (a title, the rivals it is about, those the
// passage names picked first), or a source of a card found with the cards search. Each dialog ends with a link to
// what it made; a refusal is said in the dialog.
import { Alert, Anchor, Button, Group, Loader, Modal, MultiSelect, Radio, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CallDetail, CallPassage } from '../../../contracts/calls.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import { useCardSearch, usePassageIntel, usePassageSource } from './api.ts';
import classes from './CallInsights.module.css';
import { cardHref, intelHref } from './model.ts';
import '../i18n/areas/callInsights.ts';

type Props = { call: CallDetail; passage: CallPassage; onClose: () => void };

/** A title offered for the intel: the passage's first words under the call's. */
const INTEL_TITLE_WORDS = 12;
export const intelTitle = (passage: CallPassage) => {
  const words = passage.text.trim().split(/\s+/);
  return words.length > INTEL_TITLE_WORDS ? `${words.slice(0, INTEL_TITLE_WORDS).join(' ')}…` : words.join(' ');
};

function Quote({ passage }: { passage: CallPassage }) {
  return (
    <Text component="blockquote" size="sm" className={classes.dialogQuote} lineClamp={4}>
      {passage.text}
    </Text>
  );
}

export function IntelDialog({ call, passage, onClose }: Props) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const rivals = useRivalOptions();
  const [title, setTitle] = useState(() => intelTitle(passage).slice(0, 200));
  const [rivalIds, setRivalIds] = useState<string[]>(() => passage.rivalIds.map(String));
  const create = usePassageIntel();
  // The call's rivals are known at once; the company's others join them when they load.
  const options = new Map(call.rivals.map((r) => [String(r.id), r.name]));
  for (const r of rivals.data ?? []) if (!options.has(String(r.id))) options.set(String(r.id), r.name);
  const submit = () => create.mutate({ callId: call.id, seq: passage.seq, body: { title: title.trim(), rivalIds: rivalIds.map(Number) } });

  return (
    <Modal opened onClose={onClose} title={t('callInsights.intel.title')} size="lg" closeButtonProps={{ 'aria-label': t('callInsights.close') }} data-testid="intel-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!create.isSuccess) submit();
        }}
      >
        <Stack gap="md">
          <Quote passage={passage} />
          <TextInput label={t('callInsights.intel.titleField')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} required disabled={create.isSuccess} data-testid="intel-title" />
          <MultiSelect
            label={t('callInsights.intel.rivals')}
            description={t('callInsights.intel.rivalsHint')}
            data={[...options].map(([value, label]) => ({ value, label }))}
            value={rivalIds}
            onChange={setRivalIds}
            searchable
            maxValues={20}
            disabled={create.isSuccess}
            data-testid="intel-rivals"
          />
          {create.isError && (
            <Alert color="red" variant="light" data-testid="intel-error">
              {errorText(create.error)}
            </Alert>
          )}
          {create.isSuccess && (
            <Alert color="green" variant="light" role="status" data-testid="intel-done">
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t('callInsights.intel.done')}</Text>
                <Anchor component={Link} to={intelHref(create.data.alertId)} size="sm" data-testid="intel-link">
                  {t('callInsights.intel.open')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t(create.isSuccess ? 'callInsights.close' : 'callInsights.cancel')}
            </Button>
            {!create.isSuccess && (
              <Button type="submit" loading={create.isPending} disabled={!title.trim()} data-testid="intel-submit">
                {t('callInsights.intel.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SourceDialog({ call, passage, onClose }: Props) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [terms, setTerms] = useState('');
  const [query] = useDebouncedValue(terms.trim(), 250);
  // The cards of the rivals the passage names, unless the curator looks further.
  const rivalIds = passage.rivalIds.length ? passage.rivalIds : call.rivals.map((r) => r.id);
  const [ownRivals, setOwnRivals] = useState(rivalIds.length > 0);
  const cards = useCardSearch(query, ownRivals ? rivalIds : [], true);
  const [cardId, setCardId] = useState<string | null>(null);
  const add = usePassageSource();
  const picked = cards.data?.results.find((c) => String(c.id) === cardId) ?? null;
  const [added, setAdded] = useState<{ id: number; name: string; profileId: number } | null>(null);
  const submit = () => {
    if (!picked) return;
    const card = { id: picked.id, name: picked.data.name, profileId: picked.board.profileId };
    add.mutate({ callId: call.id, seq: passage.seq, body: { cardId: picked.id } }, { onSuccess: () => setAdded(card) });
  };

  return (
    <Modal opened onClose={onClose} title={t('callInsights.source.title')} size="lg" closeButtonProps={{ 'aria-label': t('callInsights.close') }} data-testid="source-dialog">
      <Stack gap="md">
        <Quote passage={passage} />
        {!added && (
          <>
            <TextInput label={t('callInsights.source.search')} value={terms} onChange={(e) => setTerms(e.currentTarget.value)} data-autofocus data-testid="source-search" />
            {rivalIds.length > 0 && (
              <Switch label={t('callInsights.source.ownRivals')} checked={ownRivals} onChange={(e) => setOwnRivals(e.currentTarget.checked)} data-testid="source-own-rivals" />
            )}
            {cards.isError ? (
              <Alert color="red" variant="light">
                {errorText(cards.error)}
              </Alert>
            ) : cards.isPending ? (
              <Loader size="sm" aria-label={t('callInsights.loading')} />
            ) : cards.data.results.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="source-none">
                {t('callInsights.source.none')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="40vh" type="auto">
                <Radio.Group value={cardId} onChange={setCardId} label={t('callInsights.source.cards')} data-testid="source-cards">
                  <Stack gap="xs" mt={6}>
                    {cards.data.results.map((c) => (
                      <Radio
                        key={c.id}
                        value={String(c.id)}
                        label={<SafeHighlight html={c.titleHtml} />}
                        description={t('callInsights.source.where', { rival: c.rival.name, board: c.board.name })}
                        data-testid="source-card"
                        data-card-id={c.id}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              </ScrollArea.Autosize>
            )}
          </>
        )}
        {add.isError && (
          <Alert color="red" variant="light" data-testid="source-error">
            {errorText(add.error)}
          </Alert>
        )}
        {added && (
          <Alert color="green" variant="light" role="status" data-testid="source-done">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('callInsights.source.done', { name: added.name })}</Text>
              <Anchor component={Link} to={cardHref(added.profileId, added.id)} size="sm" data-testid="source-link">
                {t('callInsights.source.open')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t(added ? 'callInsights.close' : 'callInsights.cancel')}
          </Button>
          {!added && (
            <Button onClick={submit} disabled={!picked} loading={add.isPending} data-testid="source-submit">
              {t('callInsights.source.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
