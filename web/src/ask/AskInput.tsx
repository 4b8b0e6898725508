// The Ask input (part 3 §2.4, §5): a multi-line box where Enter sends and Shift+Enter adds a line,
// ignored while loading or under 3 characters; a send button, the prompt library dropdown and, for
// curators, the research-mode toggle; the company-profile picker (landing-page feature) or a badge
// naming the rival the questions are about.
import { ActionIcon, Badge, Group, Loader, Paper, Popover, Select, Textarea, Tooltip } from '@mantine/core';
import { forwardRef, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { RIVAL_DROPDOWN_HEIGHT, type AskRival, type PromptLibrary as Library } from '../../../contracts/ask.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { SendIcon, SparkIcon } from '../brand/icons.tsx';
import { canSend, enterAction, showsProfilePicker } from './model.ts';
import type { RivalContext } from './useAskSession.ts';
import '../i18n/areas/ask.ts';

export type AskInputProps = {
  value: string;
  onChange: (v: string) => void;
  onSend: (question: string) => void;
  loading: boolean;
  hint: 'page' | 'initial' | 'default';
  library?: Library;
  research?: { on: boolean; set: (on: boolean) => void } | null;
  autoFocus?: boolean;
  /** The rival the questions are about. */
  context?: RivalContext | null;
};

// The prompt library loads when it is first opened.
const PromptLibrary = lazyComponent(() => import('./PromptLibrary.tsx'), 'PromptLibrary');
// Research mode is for curators on the Ask page and modal, not the dashboard's bar.
const ResearchToggle = lazyComponent(() => import('./ResearchToggle.tsx'), 'ResearchToggle');

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
  { value, onChange, onSend, loading, hint, library, research, autoFocus, context },
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
        placeholder={t(`ask.placeholder.${hint}`)}
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
                {libraryOpen && (
                  <Suspense fallback={<Loader size="sm" m="md" />}>
                    <PromptLibrary
                      library={library}
                      onPick={(prompt) => {
                        onChange(prompt);
                        setLibraryOpen(false);
                      }}
                    />
                  </Suspense>
                )}
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
            <Suspense fallback={null}>
              <ResearchToggle research={research} />
            </Suspense>
          )}
        </Group>
        <ActionIcon size="lg" radius="xl" aria-label={t('ask.send')} onClick={send} disabled={loading} data-testid="ask-send">
          <SendIcon size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
});
