// "Ask about {rival}" on a competitor's profile and battlecard pages: opens the Ask modal with that
// rival as context, so questions carry its rivalId, retrieval looks at its cards first and the
// suggestions are about it (part 3 §9). Shown when the company has Ask and the rival is one Ask
// offers (not a draft or template).
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { AskRival } from '../../../contracts/ask.ts';
import { useSession } from '../core/SessionContext.tsx';
import { SparkIcon } from '../brand/icons.tsx';
import { usePromptLibrary } from './api.ts';
import { AskModal } from './AskModal.tsx';
import { AskInitialScreen } from './InitialScreen.tsx';
import { askAvailable } from './model.ts';
import { useAskSession } from './useAskSession.ts';
import '../i18n/areas/ask.ts';

export function AskAboutRival({ profileId }: { profileId: number }) {
  const { company } = useSession();
  const library = usePromptLibrary();
  const rival = askAvailable(company) ? library.data?.rivals.find((r) => r.profileId === profileId) : undefined;
  return rival ? <AskAboutButton key={rival.id} rival={rival} /> : null;
}

function AskAboutButton({ rival }: { rival: AskRival }) {
  const { t } = useTranslation();
  const session = useAskSession(rival);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" leftSection={<SparkIcon size={14} />} onClick={() => setOpened(true)} data-testid="ask-about-rival">
        {t('ask.askAbout', { name: rival.name })}
      </Button>
      <AskModal session={session} opened={opened} onClose={() => setOpened(false)} initialScreen={<AskInitialScreen session={session} />} />
    </>
  );
}
