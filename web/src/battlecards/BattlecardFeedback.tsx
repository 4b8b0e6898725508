// A battlecard's feedback for curators (part 2 §2, /profile/{profileId}/battlecard/{battlecardId}#comments):
// what readers sent about the cards on it, in any of its layouts, newest first, each naming its card.
// Battlecards carry no messages of their own; their cards do.
import { useTranslation } from '../i18n/react.tsx';
import { BATTLECARD_LAYOUTS } from '../../../contracts/cards.ts';
import { useCardsComments } from '../cards/api.ts';
import { FeedbackSection } from '../cards/FeedbackList.tsx';
import { useBattlecards } from './api.ts';
import '../i18n/areas/profileEditing.ts';

export function BattlecardFeedback({ battlecardId }: { battlecardId: number }) {
  const { t } = useTranslation();
  const list = useBattlecards();
  const battlecard = list.data?.find((b) => b.id === battlecardId);
  const cardIds = [...new Set(BATTLECARD_LAYOUTS.flatMap((l) => battlecard?.cards[l] ?? []))];
  const queries = useCardsComments(cardIds);
  const comments = queries
    .flatMap((q) => q.data ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <FeedbackSection
      title={t('profileEditing.feedback.battlecardTitle')}
      empty={t('profileEditing.feedback.battlecardEmpty')}
      comments={comments}
      pending={list.isPending || queries.some((q) => q.isPending)}
      failed={list.isError || queries.some((q) => q.isError)}
      cardName={(id) => battlecard?.cardTitles[String(id)] ?? null}
    />
  );
}
