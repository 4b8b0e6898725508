// The card picker of a battlecard (part 2 §5, §9) and of a landing page's curated section: the profile's cards by
// board, ticked when picked; picks are kept locally and saved on Done. At `max` picked cards (8 on a battlecard) no
// other can be ticked and the limit is said.
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { useBoardCards, useProfile } from '../profile/api.ts';
import { canPick, togglePick } from './picks.ts';
import '../i18n/areas/battlecardEditor.ts';

type Props = {
  profileId: number;
  title: string;
  max: number;
  /** What the picker says once `max` cards are picked. */
  limit: string;
  initial: number[];
  onDone: (picked: number[], titles: Record<string, string>) => void;
  onClose: () => void;
};

export function CardPicker({ profileId, title, max, limit, initial, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const profile = useProfile(profileId);
  const boards = profile.data?.boards ?? [];
  const lanes = useBoardCards(boards.map((b) => b.id));
  const [picked, setPicked] = useState<number[]>(initial);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const titles = useMemo(() => Object.fromEntries(lanes.flatMap((l) => l.data ?? []).map((c) => [String(c.id), c.data.name])), [lanes]);
  const full = picked.length >= max;
  const loading = profile.isPending || lanes.some((l) => l.isPending);
  const failed = profile.isError || lanes.some((l) => l.isError);

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm" data-testid="battlecard-picker">
        <Group justify="space-between" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('battlecardEditor.picker.filter')}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            data-testid="battlecard-picker-filter"
          />
          <Badge variant="light" size="lg" data-testid="battlecard-picker-count" data-count={picked.length}>
            {t('battlecardEditor.picker.count', { count: picked.length, max })}
          </Badge>
        </Group>
        {full && (
          <Alert color="yellow" variant="light" icon={<AlertIcon />} role="status" data-testid="battlecard-picker-limit">
            {limit}
          </Alert>
        )}
        {failed ? (
          <Alert color="red" variant="light" icon={<AlertIcon />}>
            {t('battlecardEditor.picker.failed')}
          </Alert>
        ) : loading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('battlecardEditor.picker.loading')}
            </Text>
          </Group>
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Stack gap="md">
              {boards.map((board, i) => {
                const cards = (lanes[i]?.data ?? []).filter((c) => !needle || c.data.name.toLowerCase().includes(needle));
                if (needle && cards.length === 0) return null;
                return (
                  <Stack key={board.id} gap={6} role="group" aria-labelledby={`picker-board-${board.id}`} data-testid="battlecard-picker-board" data-board-id={board.id}>
                    <Title order={4} size="sm" id={`picker-board-${board.id}`}>
                      {board.name}
                    </Title>
                    {cards.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('battlecardEditor.picker.emptyBoard')}
                      </Text>
                    ) : (
                      cards.map((card) => (
                        <Checkbox
                          key={card.id}
                          label={card.data.name}
                          checked={picked.includes(card.id)}
                          disabled={!canPick(picked, card.id, max)}
                          onChange={() => setPicked((p) => togglePick(p, card.id, max))}
                          data-testid="battlecard-picker-card"
                          data-card-id={card.id}
                        />
                      ))
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('battlecardEditor.picker.cancel')}
          </Button>
          <Button onClick={() => onDone(picked, titles)} disabled={loading || failed} data-testid="battlecard-picker-done">
            {t('battlecardEditor.picker.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
