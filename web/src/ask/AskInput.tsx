// The Ask input (part 3 §2.4, §5): a multi-line box where Enter sends and Shift+Enter adds a line,
// ignored while loading or under 3 characters; a send button, the prompt library dropdown and, for
// curators, the research-mode toggle; the company-profile picker (landing-page feature) or a badge
// naming the rival the questions are about.
import { ActionIcon, Badge, Box, Group, Paper, Popover, ScrollArea, Select, Switch, Tabs, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillPrompt, type AskRival, type PromptLibrary } from '../../../contracts/ask.ts';
import { useSession } from '../app/SessionContext.tsx';
import { SendIcon, SparkIcon } from '../brand/icons.tsx';
import { canSend, enterAction, showsProfilePicker } from './model.ts';
import type { RivalContext } from './useAskSession.ts';

export type AskInputProps = {
  value: string;
  onChange: (v: string) => void;
  onSend: (question: string) => void;
  loading: boolean;
  placeholder: 'page' | 'initial' | 'default';
  library?: PromptLibrary;
  research?: { on: boolean; set: (on: boolean) => void } | null;
  autoFocus?: boolean;
  /** The rival the questions are about. */
  context?: RivalContext | null;
};

/** Library dimensions (part 3 §9 Display). */
const DROPDOWN_WIDTH = 400;
const RIVAL_DROPDOWN_HEIGHT = 200;

function PromptLibraryDropdown({ library, onPick }: { library: PromptLibrary; onPick: (prompt: string) => void }) {
  const { t } = useTranslation();
  const [rivalId, setRivalId] = useState<string | null>(library.featuredRivals[0] ? String(library.featuredRivals[0].id) : null);
  const rival = library.rivals.find((r) => String(r.id) === rivalId) ?? null;
  const values = { company: library.companyName, rival: rival?.name ?? t('ask.library.rivalPicker') };
  return (
    <Box w={DROPDOWN_WIDTH} data-testid="ask-prompt-library">
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
                .map((tpl) => (
                  <UnstyledButton
                    key={tpl.id}
                    display="block"
                    w="100%"
                    p="xs"
                    disabled={!rival}
                    onClick={() => rival && onPick(fillPrompt(tpl.prompt, values))}
                    data-testid="ask-library-prompt"
                  >
                    <Text size="sm" fw={600}>
                      {fillPrompt(tpl.text, values)}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {fillPrompt(tpl.prompt, values)}
                    </Text>
                  </UnstyledButton>
                ))}
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

function ProfilePicker({ rivals, context }: { rivals: AskRival[]; context: RivalContext }) {
  const { t } = useTranslation();
  return (
    <Select
      size="xs"
      w={200}
      aria-label={t('ask.profilePicker.label')}
      placeholder={t('ask.profilePicker.placeholder')}
      data={rivals.map((r) => ({ value: String(r.id), label: r.name }))}
      value={context.rival ? String(context.rival.id) : null}
      onChange={(v) => context.set(rivals.find((r) => String(r.id) === v) ?? null)}
      searchable
      clearable
      nothingFoundMessage={t('ask.library.noRivals')}
      maxDropdownHeight={RIVAL_DROPDOWN_HEIGHT}
      data-testid="ask-profile-picker"
    />
  );
}

export const AskInput = forwardRef<HTMLTextAreaElement, AskInputProps>(function AskInput(
  { value, onChange, onSend, loading, placeholder, library, research, autoFocus, context },
  ref,
) {
  const { t } = useTranslation();
  const { company } = useSession();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const send = () => {
    if (canSend(value, loading)) onSend(value.trim());
    else if (ref && typeof ref === 'object') ref.current?.focus();
  };
  return (
    <Paper withBorder radius="lg" p="xs" shadow="xs">
      <Textarea
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          const action = enterAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }, value, loading);
          if (action === 'type') return;
          e.preventDefault();
          if (action === 'send') onSend(value.trim());
        }}
        placeholder={t(`ask.placeholder.${placeholder}`)}
        aria-label={t('ask.inputLabel')}
        autosize
        minRows={1}
        maxRows={8}
        variant="unstyled"
        autoFocus={autoFocus}
        data-testid="ask-input"
      />
      <Group justify="space-between" mt={4}>
        <Group gap="xs">
          {library && (
            <Popover opened={libraryOpen} onChange={setLibraryOpen} position="top-start" shadow="md" withinPortal>
              <Popover.Target>
                <Tooltip label={t('ask.promptLibrary')}>
                  <ActionIcon variant="light" aria-label={t('ask.promptLibrary')} onClick={() => setLibraryOpen((o) => !o)} data-testid="ask-library-button">
                    <SparkIcon size={16} />
                  </ActionIcon>
                </Tooltip>
              </Popover.Target>
              <Popover.Dropdown>
                <PromptLibraryDropdown
                  library={library}
                  onPick={(prompt) => {
                    onChange(prompt);
                    setLibraryOpen(false);
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          )}
          {context && library && showsProfilePicker(company, library.rivals) ? (
            <ProfilePicker rivals={library.rivals} context={context} />
          ) : (
            context?.rival && (
              <Badge variant="light" data-testid="ask-context-rival">
                {t('ask.aboutRival', { name: context.rival.name })}
              </Badge>
            )
          )}
          {research && (
            <Tooltip label={t('ask.researchHint')}>
              <Switch size="xs" label={t('ask.research')} checked={research.on} onChange={(e) => research.set(e.currentTarget.checked)} data-testid="ask-research" />
            </Tooltip>
          )}
        </Group>
        <ActionIcon size="lg" radius="xl" aria-label={t('ask.send')} onClick={send} disabled={loading} data-testid="ask-send">
          <SendIcon size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
});
