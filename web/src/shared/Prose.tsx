// A longer text of the translation files, laid out as prose.ts reads it: paragraphs, bulleted lists, bold names
// of things on screen and keys.
import { Kbd, List, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { proseBlocks, type Inline } from './prose.ts';

function Parts({ parts }: { parts: Inline[] }) {
  return parts.map((p, i) =>
    p.kind === 'b' ? (
      <Text key={i} span fw={600} inherit>
        {p.text}
      </Text>
    ) : p.kind === 'kbd' ? (
      <Kbd key={i} size="xs">
        {p.text}
      </Kbd>
    ) : (
      <Fragment key={i}>{p.text}</Fragment>
    ),
  );
}

export function Prose({ text, size = 'sm' }: { text: string; size?: 'sm' | 'md' }) {
  return (
    <Stack gap="xs">
      {proseBlocks(text).map((block, i) =>
        block.kind === 'list' ? (
          <List key={i} size={size} spacing={4} withPadding>
            {block.items.map((item, j) => (
              <List.Item key={j}>
                <Parts parts={item} />
              </List.Item>
            ))}
          </List>
        ) : (
          <Text key={i} size={size}>
            <Parts parts={block.parts} />
          </Text>
        ),
      )}
    </Stack>
  );
}
