// The dashboard's collections grid (part 3 §2.4): the dynamic boards the reader may open, A–Z, 20 at a time, each
// tile naming its search (terms, criteria, period; a criterion's mode in its colour, icon and words, as search's
// filter chips show it) and linking to the board. Loaded after the dashboard's first
// screen; a seller with no published board sees nothing, a curator a hint on how to make one.
import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { DynamicBoard } from '../../../contracts/dynamicBoards.ts';
import type { CriterionType } from '../../../contracts/search.ts';
import { LayersIcon } from '../brand/icons.tsx';
import { FAVORITES_MIN_COLUMN, TILE_HEIGHT } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { CRITERION_ICONS, criterionDisplay } from '../shared/criterionMode.ts';
import { useDynamicBoards } from './api.ts';
import '../i18n/areas/dynamicBoards.ts';

const GRID = `repeat(auto-fill, minmax(${FAVORITES_MIN_COLUMN}px, 1fr))`;
/** Criteria named on a tile before "+n". */
const TILE_CRITERIA = 3;

/**
 * A criterion's mode as its icon, from the table CriterionModeIcon draws from. Importing that component here moved
 * shared chunks into the first screens (3 kB more on the sign-in page, bench:bundle); the table alone does not.
 */
function ModeIcon({ type }: { type: CriterionType }) {
  const Icon = CRITERION_ICONS[criterionDisplay(type).icon];
  return <Icon size={11} />;
}

function BoardTile({ board }: { board: DynamicBoard }) {
  const { t } = useTranslation();
  const named = board.criteria.filter((c) => c.displayName !== null);
  return (
    <Paper
      component={Link}
      to={`/dynamic-board/${board.id}`}
      withBorder
      radius="md"
      p="md"
      mih={TILE_HEIGHT * 0.7}
      style={{ color: 'inherit', textDecoration: 'none', display: 'flex' }}
      data-testid="dynamic-board-tile"
      data-id={board.id}
      data-name={board.name}
    >
      <Stack gap={8} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <LayersIcon size={18} style={{ flex: 'none', color: 'var(--mantine-color-indigo-6)' }} />
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {board.name}
            </Text>
          </Group>
          {board.isDraft && (
            <Badge size="xs" color="gray" variant="outline" style={{ flex: 'none' }}>
              {t('dynamicBoards.draft')}
            </Badge>
          )}
        </Group>
        {board.query && (
          <Text size="sm" c="dimmed" truncate>
            “{board.query}”
          </Text>
        )}
        <Group gap={4} mt="auto">
          {named.slice(0, TILE_CRITERIA).map((c) => (
            <Badge
              key={`${c.field}-${c.value}`}
              maw="100%"
              size="sm"
              radius="sm"
              variant="light"
              color={criterionDisplay(c.type).color}
              tt="none"
              fw={500}
              td={criterionDisplay(c.type).strike ? 'line-through' : undefined}
              leftSection={<ModeIcon type={c.type} />}
              data-testid="dynamic-board-criterion"
              data-mode={c.type}
            >
              {/* The mode in words as well as in its colour and icon: "Must: Pricing". */}
              <VisuallyHidden>{t('dynamicBoards.criterionMode', { mode: t(criterionDisplay(c.type).labelKey) })}</VisuallyHidden>
              {c.displayName}
            </Badge>
          ))}
          {named.length > TILE_CRITERIA && (
            <Badge size="sm" radius="sm" variant="default" tt="none" fw={500}>
              +{named.length - TILE_CRITERIA}
            </Badge>
          )}
          {board.updated_start !== 'allTime' && (
            <Badge size="sm" radius="sm" variant="default" tt="none" fw={500}>
              {t(`search.presets.${board.updated_start}`)}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function CollectionsGrid({ curator }: { curator: boolean }) {
  const { t } = useTranslation();
  const list = useDynamicBoards('alpha');
  const boards = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isSuccess && boards.length === 0 && !curator) return null;

  return (
    <Stack gap="sm" component="section" aria-label={t('dynamicBoards.grid.label')} data-testid="dashboard-collections">
      <Title order={2} fz="h4">
        {t('dynamicBoards.grid.heading')}
      </Title>
      {list.isPending ? (
        <Box style={{ display: 'grid', gridTemplateColumns: GRID, gap: 16 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={TILE_HEIGHT * 0.7} radius="md" />
          ))}
        </Box>
      ) : list.isError && !boards.length ? (
        <Group gap="sm">
          <Text size="sm" c="red.7">
            {t('dynamicBoards.grid.failed')}
          </Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('dynamicBoards.retry')}
          </Button>
        </Group>
      ) : boards.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="dashboard-collections-empty">
          {t('dynamicBoards.grid.empty')}
        </Text>
      ) : (
        <Box style={{ display: 'grid', gridTemplateColumns: GRID, gap: 16 }} data-testid="collections-grid">
          {boards.map((b) => (
            <BoardTile key={b.id} board={b} />
          ))}
        </Box>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" size="compact-sm" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="collections-more">
            {t('dynamicBoards.grid.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
