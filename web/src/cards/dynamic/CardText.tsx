// Card text with its dynamic data blocks (part 2 §2, §3): plain card HTML goes to CardHtml as it is;
// HTML with formula placeholders is split so each placeholder renders as a DynamicBlock of the card's
// rival, between the HTML around it.
import { Box } from '@mantine/core';
import { useMemo, type ComponentProps } from 'react';
import { CardHtml } from '../CardHtml.tsx';
import { DynamicBlock } from './DynamicBlock.tsx';
import { hasFormulas, splitCardHtml } from './formulas.ts';

type Props = ComponentProps<typeof CardHtml> & { rivalId: number | null };

export function CardText({ html, rivalId, onClick, ...rest }: Props) {
  const segments = useMemo(() => (hasFormulas(html) ? splitCardHtml(html!) : null), [html]);
  if (!segments) return <CardHtml html={html} onClick={onClick} {...rest} />;
  // The pieces take the text size given for the whole card (small in a lane).
  return (
    <Box fz="sm" {...rest}>
      {segments.map((s, i) =>
        s.kind === 'html' ? <CardHtml key={i} html={s.html} onClick={onClick} fz="inherit" /> : <DynamicBlock key={i} formula={s.formula} rivalId={rivalId} />,
      )}
    </Box>
  );
}
