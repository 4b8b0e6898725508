// Generated markdown (markdown.ts) as React elements: headings, paragraphs, bullets and bold text, each [n] a
// numbered chip with its source's title and type on hover that opens the source (model.ts citationTarget). Shared by
// the landing page's sections, What's new and the overview under Ask's profile answers.
import { List, Text, Title, Tooltip } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LandingCitation } from '../../../contracts/landing.ts';
import { withViewCard } from '../cards/cardUrl.ts';
import { useTranslation } from '../i18n/react.tsx';
import { CitationChip } from '../shared/CitationChip.tsx';
import { openCardState } from '../usage/cardSource.ts';
import type { CardViewSource } from '../../../contracts/usage.ts';
import { parseMarkdown, type Inline } from './markdown.ts';
import { citationTarget, type CitationTarget } from './model.ts';
import '../i18n/areas/landing.ts';

/**
 * Follows a citation. A place (`#insight-…`) is on the landing page at `landingPath`: the address takes its hash, and
 * the page brings it into view (LandingPage); from the page itself that replaces the address rather than adding one.
 */
function useFollow(landingPath: string, cardSource: CardViewSource) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (target: CitationTarget) => {
    if (target.kind === 'card') navigate(withViewCard(pathname, search, target.cardId), { state: openCardState(cardSource) });
    else if (target.kind === 'route') navigate(target.to);
    else if (target.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
    else navigate(`${landingPath}#${target.id}`, { replace: pathname === landingPath });
  };
}

function Citation({ citation, follow }: { citation: LandingCitation; follow: (target: CitationTarget) => void }) {
  const { t } = useTranslation();
  const target = citationTarget(citation);
  const label = t('landing.generated.citation', { n: citation.n, title: citation.title, type: t(`landing.generated.types.${citation.type}`) });
  return (
    <Tooltip label={label} multiline maw={320} openDelay={150} withinPortal>
      <CitationChip
        n={citation.n}
        color="indigo"
        aria-label={label}
        disabled={!target}
        onClick={() => target && follow(target)}
        data-testid="landing-citation"
        data-type={citation.type}
      />
    </Tooltip>
  );
}

/** `landingPath`: the landing page the markdown's places (`#…`) are on. */
/** cardSource: where a cited card counts as opened from (the landing page, or an Ask answer showing its overview). */
type Props = { markdown: string; citations: LandingCitation[]; landingPath: string; cardSource?: CardViewSource };

export function GeneratedMarkdown({ markdown, citations, landingPath, cardSource = 'landing' }: Props) {
  const blocks = useMemo(() => parseMarkdown(markdown, citations.length), [markdown, citations.length]);
  const follow = useFollow(landingPath, cardSource);
  const inline = (inlines: Inline[]) =>
    inlines.map((part, i) =>
      'cite' in part ? (
        <Citation key={i} citation={citations[part.cite - 1]} follow={follow} />
      ) : part.bold ? (
        <strong key={i}>{part.text}</strong>
      ) : (
        <Fragment key={i}>{part.text}</Fragment>
      ),
    );
  return blocks.map((block, i) =>
    block.kind === 'heading' ? (
      <Title key={i} order={3} fz="md" mt={i ? 'md' : 0} mb={6}>
        {inline(block.inlines)}
      </Title>
    ) : block.kind === 'list' ? (
      <List key={i} size="sm" spacing={6} mb="sm" withPadding>
        {block.items.map((item, j) => (
          <List.Item key={j}>{inline(item)}</List.Item>
        ))}
      </List>
    ) : (
      <Text key={i} size="sm" mb="sm" lh={1.6}>
        {inline(block.inlines)}
      </Text>
    ),
  );
}
