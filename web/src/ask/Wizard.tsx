// A wizard flow (part 3 §4.2): three questions in turn, each answer locking the previous one; a
// rival question offers 3 featured rivals and a picker, a text question sends on Enter or a button.
// After the last answer the combined prompt is sent and the wizard clears.
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { WIZARD_RIVAL_BUTTONS, type AskRival, type WizardFlow } from '../../../contracts/ask.ts';
import { answerWizard, currentQuestion, startWizard } from './model.ts';
import '../i18n/areas/ask.ts';

export function Wizard({
  flow,
  rivals,
  featured,
  onDone,
  onCancel,
}: {
  flow: WizardFlow;
  rivals: AskRival[];
  featured: AskRival[];
  onDone: (prompt: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => startWizard(flow));
  const [text, setText] = useState('');
  const index = currentQuestion(state);

  const answer = (value: string) => {
    const next = answerWizard(state, value);
    setText('');
    if (next.values) onDone(t(`ask.wizard.flows.${flow.id}.finalPrompt`, next.values));
    else setState(next.state);
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="ask-wizard">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{t(`ask.wizard.flows.${flow.id}.title`)}</Text>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel}>
            {t('ask.wizard.cancel')}
          </Button>
        </Group>
        {flow.questions.slice(0, index + 1).map((q, i) => {
          const locked = i < index;
          return (
            <Stack key={q.id} gap={6} data-testid="ask-wizard-question" data-locked={locked || undefined}>
              <Text size="sm" fw={600}>
                {t(`ask.wizard.flows.${flow.id}.questions.${q.id}`)}
              </Text>
              {locked ? (
                <Text size="sm" c="dimmed">
                  {state.answers[i]}
                </Text>
              ) : q.inputType === 'rival' ? (
                <Group gap="xs">
                  {featured.slice(0, WIZARD_RIVAL_BUTTONS).map((r) => (
                    <Button key={r.id} size="xs" variant="default" onClick={() => answer(r.name)}>
                      {r.name}
                    </Button>
                  ))}
                  <Select
                    size="xs"
                    placeholder={t('ask.wizard.pickRival')}
                    data={rivals.map((r) => r.name)}
                    searchable
                    nothingFoundMessage={t('ask.library.noRivals')}
                    maxDropdownHeight={200}
                    onChange={(v) => v && answer(v)}
                  />
                </Group>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    size="xs"
                    flex={1}
                    value={text}
                    aria-label={t('ask.wizard.answerLabel')}
                    onChange={(e) => setText(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && text.trim()) answer(text);
                    }}
                    autoFocus
                    data-testid="ask-wizard-input"
                  />
                  <Button size="xs" disabled={!text.trim()} onClick={() => answer(text)}>
                    {t('ask.wizard.submit')}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
