// "Save this search as a dynamic board" on the search results page (curators, part 3 §2.4): the terms, criteria,
// period and sort under a name, saved as a draft, and the new board opened to check and publish it.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DYNAMIC_BOARD_NAME_MAX } from '../../../contracts/dynamicBoards.ts';
import { LayersIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import type { SearchState } from '../search/searchUrlState.ts';
import { toastError } from '../shared/toast.ts';
import { useCreateDynamicBoard } from './api.ts';
import { boardOfSearch } from './model.ts';
import '../i18n/areas/dynamicBoards.ts';

export function SaveSearch({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const create = useCreateDynamicBoard();
  const start = () => {
    setName(state.terms.trim().slice(0, DYNAMIC_BOARD_NAME_MAX));
    open();
  };
  const submit = () =>
    create.mutate(boardOfSearch(state, name), {
      onSuccess: ({ id }) => void navigate(`/dynamic-board/${id}`),
      onError: (err) => toastError(t('dynamicBoards.save.failed'), err),
    });
  return (
    <>
      <Button variant="default" size="xs" leftSection={<LayersIcon size={14} />} onClick={start} data-testid="save-search">
        {t('dynamicBoards.save.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('dynamicBoards.save.title')} centered data-testid="save-search-modal">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('dynamicBoards.save.intro')}
            </Text>
            <TextInput
              label={t('dynamicBoards.save.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={DYNAMIC_BOARD_NAME_MAX}
              required
              data-autofocus
              data-testid="save-search-name"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('dynamicBoards.actions.cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim()} loading={create.isPending} data-testid="save-search-submit">
                {t('dynamicBoards.save.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
