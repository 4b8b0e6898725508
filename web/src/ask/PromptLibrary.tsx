// The prompt library (part 3 §2.4): templates by type, filled with the company's and a picked rival's names.
import { Box, ScrollArea, Select, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { PROMPT_LIBRARY_WIDTH, RIVAL_DROPDOWN_HEIGHT, type PromptLibrary as Library } from '../../../contracts/ask.ts';
import { useTranslation } from '../i18n/react.tsx';
import { templateWords } from './model.ts';
import '../i18n/areas/ask.ts';

export function PromptLibrary({ library, onPick }: { library: Library; onPick: (prompt: string) => void }) {
  const { t } = useTranslation();
  const [rivalId, setRivalId] = useState<string | null>(library.featuredRivals[0] ? String(library.featuredRivals[0].id) : null);
  const rival = library.rivals.find((r) => String(r.id) === rivalId) ?? null;
  const values = { company: library.companyName, rival: rival?.name ?? t('ask.library.rivalPicker') };
  return (
    <Box w={PROMPT_LIBRARY_WIDTH} data-testid="ask-prompt-library">
      <Select
        label={t('ask.library.rivalPicker')}
        placeholder={t('ask.library.rivalSearch')}
        data={library.rivals.map((r) => ({ value: String(r.id), label: r.name }))}
        value={rivalId}
        onChange={setRivalId}
        searchable
        nothingFoundMessage={t('ask.library.noRivals')}
        maxDropdownHeight={RIVAL_DROPDOWN_HEIGHT}
        comboboxProps={{ withinPortal: false }}
        size="xs"
        mb="xs"
      />
      <Tabs defaultValue={library.types[0]}>
        <Tabs.List>
          {library.types.map((type) => (
            <Tabs.Tab key={type} value={type} data-testid={`ask-library-tab-${type}`}>
              {t(`ask.library.types.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {library.types.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <ScrollArea.Autosize mah="min(50vh, 500px)">
              {library.templates
                .filter((tpl) => tpl.type === type)
                .map((tpl) => {
                  const words = templateWords(t, tpl, values);
                  return (
                    <UnstyledButton
                      key={tpl.id}
                      display="block"
                      w="100%"
                      p="xs"
                      disabled={!rival}
                      onClick={() => rival && onPick(words.prompt)}
                      data-testid="ask-library-prompt"
                    >
                      <Text size="sm" fw={600}>
                        {words.text}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {words.prompt}
                      </Text>
                    </UnstyledButton>
                  );
                })}
            </ScrollArea.Autosize>
          </Tabs.Panel>
        ))}
      </Tabs>
      {!rival && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('ask.library.pickRival')}
        </Text>
      )}
    </Box>
  );
}
