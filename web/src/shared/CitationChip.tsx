// The small numbered chip a [n] citation becomes in written text (review insight summaries, the landing page's
// generated sections): a button, so it can open a popover, a tooltip or its source.
import { Badge, type BadgeProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

type Props = { n: number } & BadgeProps & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style' | 'children'>;

export function CitationChip({ n, ...rest }: Props) {
  return (
    <Badge
      component="button"
      type="button"
      size="xs"
      radius="sm"
      variant="light"
      color="gray"
      px={5}
      mx={2}
      style={{ cursor: 'pointer', verticalAlign: 'text-top' }}
      data-ref={n}
      {...rest}
    >
      {n}
    </Badge>
  );
}
