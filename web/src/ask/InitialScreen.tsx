// The Ask initial screen (part 3 §2.4 Ask page): title, suggestions (about the context rival when
// there is one, part 3 §9), wizard flows, the optional boards toggle and the link to the boards.
import { Anchor, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { flag } from '../user/permissions.ts';
import { usePromptLibrary } from './api.ts';
import { Suggestions, SuggestionsSkeleton } from './Suggestions.tsx';
import type { AskSession } from './useAskSession.ts';
import { WizardButtons } from './WizardButtons.tsx';
import '../i18n/areas/ask.ts';

export function AskInitialScreen({ session, boards }: { session: AskSession; boards?: { on: boolean; set: (on: boolean) => void } }) {
  const { t } = useTranslation();
  const { company } = useSession();
  const library = usePromptLibrary();
  return (
    <Stack gap="lg" py="xl" data-testid="ask-initial">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('ask.initialTitle')}
        </Title>
        <Text c="dimmed">{t('ask.initialSubtitle')}</Text>
      </Stack>
      {library.isPending && <SuggestionsSkeleton wizard={flag(company, 'askWizard')} />}
      {library.data && <Suggestions library={library.data} current={session.context.rival} onPick={session.chat.send} />}
      {library.data && flag(company, 'askWizard') && <WizardButtons flows={library.data.wizardFlows} onStart={session.setWizard} />}
      <Group gap="lg">
        {boards && <Switch label={t('ask.boardsToggle')} checked={boards.on} onChange={(e) => boards.set(e.currentTarget.checked)} data-testid="ask-boards-toggle" />}
        <Anchor component={Link} to="/dashboard" size="sm" data-testid="ask-view-boards">
          {t('ask.viewBoards')}
        </Anchor>
      </Group>
    </Stack>
  );
}
