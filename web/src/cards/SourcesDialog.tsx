// The sources of a card (part 2 §2, §5): the list; curators add a URL ("invalid URL" when it is not a
// valid http(s) URL or is already listed) and remove one ("Failed to delete source" on failure).
import { ActionIcon, Alert, Anchor, Button, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { SOURCE_ERRORS } from '../../../contracts/cards.ts';
import { useAddSource, useDeleteSource, useSources } from './api.ts';
import { SOURCE_TITLE_MAX } from './constants.ts';
import { TrashIcon } from './icons.tsx';
import { sourceUrlError } from './model.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/cardsAuthoring.ts';

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export function SourcesDialog({ cardId, curator, onClose }: { cardId: number; curator: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, codeText } = useErrorText();
  const sources = useSources(cardId);
  const add = useAddSource(cardId);
  const remove = useDeleteSource(cardId);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [removeFailed, setRemoveFailed] = useState(false);
  const list = sources.data ?? [];

  const submit = () => {
    // The server answers "invalid URL" too (source_url_invalid); anything else is worded as it comes.
    if (sourceUrlError(url, list.map((s) => s.permalink))) return setError('source_url_invalid');
    add.mutate(url.trim(), {
      onSuccess: () => setUrl(''),
      onError: setError,
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('cardsAuthoring.sources.title')} size="lg">
      <Stack gap="md" data-testid="sources-dialog">
        {sources.isPending ? (
          <Loader size="sm" />
        ) : sources.isError ? (
          <Alert color="red" variant="light">
            {t('cardsAuthoring.sources.failed')}
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('cardsAuthoring.sources.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((s) => {
              const title = s.metadata.referableMetadata.title || s.prettyName || s.permalink;
              return (
                <Group key={s.id} component="li" justify="space-between" wrap="nowrap" data-testid="source-item">
                  <Anchor href={s.permalink} target="_blank" rel="noopener noreferrer" size="sm" title={s.permalink} style={{ overflowWrap: 'anywhere' }}>
                    {cut(title, SOURCE_TITLE_MAX)}
                  </Anchor>
                  {curator && (
                    <Tooltip label={t('cardsAuthoring.sources.remove', { name: title })}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('cardsAuthoring.sources.remove', { name: title })}
                        loading={remove.isPending && remove.variables === s.id}
                        onClick={() => {
                          setRemoveFailed(false);
                          remove.mutate(s.id, { onError: () => setRemoveFailed(true) });
                        }}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {removeFailed && (
          <Text size="sm" c="red" role="alert" data-testid="source-remove-error">
            {codeText('source_delete_failed', SOURCE_ERRORS.deleteFailed)}
          </Text>
        )}
        {curator && (
          <Group align="flex-start" gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('cardsAuthoring.sources.url')}
              placeholder={t('cardsAuthoring.sources.urlPlaceholder')}
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setError(null);
              }}
              error={error === null ? null : error === 'source_url_invalid' ? codeText('source_url_invalid', SOURCE_ERRORS.invalidUrl) : errorText(error)}
              data-testid="source-url"
            />
            <Button type="submit" loading={add.isPending} data-testid="source-add">
              {t('cardsAuthoring.sources.add')}
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cardsAuthoring.sources.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
