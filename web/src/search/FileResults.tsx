// The files section of the search results page (issue #58, part 3 §9): with the knowledge hub, the passages of the
// company's files the terms find best — the file's title, its citation ("Pricing sheet 2026, page 3"), its kind and the
// highlighted passage. A curator's hit opens the file's passages in the hub; consumers never open the hub, so for them
// the passage shown is the content. A chunk of its own with the hub's strings: only companies with the hub load them.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FileSearchHit } from '../../../contracts/knowledgeHub.ts';
import { filePath } from '../knowledgeHub/checklist.ts';
import { useTranslation } from '../i18n/react.tsx';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import classes from '../shared/Results.module.css';
import { useFileResults } from './api.ts';
import '../i18n/areas/knowledgeHub.ts';

function FileHit({ hit, curator }: { hit: FileSearchHit; curator: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="file-result" data-file-id={hit.fileId}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {curator ? (
            <Anchor component={Link} to={filePath(hit.fileId)} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="file-result-link">
              {hit.title}
            </Anchor>
          ) : (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {hit.title}
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="file-result-citation" style={{ overflowWrap: 'anywhere' }}>
            {hit.citation}
          </Text>
          <SafeHighlight html={hit.highlight} component="p" className={classes.snippet} />
        </Stack>
        <Badge size="sm" variant="light" color="gray" style={{ flex: 'none' }}>
          {t(`knowledgeHub.files.kinds.${hit.kind}`)}
        </Badge>
      </Group>
    </Paper>
  );
}

/** Nothing while loading, on an error or without a passage found: the cards stay the page's subject. */
export function FileResults({ terms, curator }: { terms: string; curator: boolean }) {
  const { t } = useTranslation();
  const found = useFileResults(terms).data;
  if (!found || found.results.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="file-results-heading" data-testid="file-results">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h5" id="file-results-heading">
          {t('knowledgeHub.search.heading')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('knowledgeHub.search.count', { count: found.nr_results })}
        </Text>
      </Group>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {found.results.map((h) => (
          <FileHit hit={h} curator={curator} key={`${h.fileId}-${h.seq}`} />
        ))}
      </Stack>
    </Stack>
  );
}
