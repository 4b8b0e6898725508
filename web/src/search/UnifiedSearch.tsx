// The unified search box of the top navigation (part 2 §2 Search, §5): a mode switch (ask, cards,
// alerts for curators), global suggestions while typing (tags, battlecards, completions; fetched for
// non-empty trimmed input after 250 ms), keyboard navigation (↑ ↓ Enter Esc), and Enter to search.
// The mode is the page's (results, alerts, Ask), else the one the user picked (kept in their user data), else
// it follows what they type: terms search cards, a question goes to Ask. Where the top bar has no room left for a
// whole placeholder (`shortPlaceholder`, nav/topBarFit.ts), it says "Search…" alone rather than cutting a sentence.
import { Box, Combobox, Group, Kbd, Loader, SegmentedControl, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation, useNavigate } from 'react-router';
import type { Suggestion } from '../../../contracts/search.ts';
import { useSession } from '../core/SessionContext.tsx';
import { CardIcon, SearchIcon, TagIcon } from '../brand/icons.tsx';
import { useSaveSearchMode, useSuggestions } from './api.ts';
import { SUGGESTIONS_DEBOUNCE_MS, UNIFIED_SEARCH_WIDTH } from './constants.ts';
import { termsFromPath } from './searchUrlState.ts';
import {
  flattenGroups,
  groupSuggestions,
  withPreview,
  matchParts,
  submitTarget,
  suggestionKey,
  suggestionLabel,
  suggestionQuery,
  suggestionTarget,
  type SuggestionKind,
} from './suggestions.ts';
import { availableModes, defaultMode, modeForInput, modeOfPath, modeShowsSuggestions, pickedMode, type UnifiedSearchMode } from './unifiedSearchModel.ts';
import { track } from '../usage/record.ts';

const GROUP_LABEL: Record<SuggestionKind, string> = {
  tag: 'unifiedSearch.groups.tags',
  battlecard: 'unifiedSearch.groups.battlecards',
  completion: 'unifiedSearch.groups.completions',
};

function Highlighted({ label, input }: { label: string; input: string }) {
  return (
    <>
      {matchParts(label, input).map((p, i) =>
        p.match ? (
          <Text span fw={700} inherit key={i}>
            {p.text}
          </Text>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function SuggestionRow({ s, input }: { s: Suggestion; input: string }) {
  const { t } = useTranslation();
  const icon = s.type === 'tag' ? <TagIcon size={15} /> : s.type === 'battlecard' ? <CardIcon size={15} /> : <SearchIcon size={15} />;
  return (
    <Group gap="sm" wrap="nowrap">
      <Box c="dimmed" style={{ display: 'flex', flex: 'none' }}>
        {icon}
      </Box>
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          <Highlighted label={suggestionLabel(s)} input={input} />
        </Text>
        {s.type === 'tag' && s.synonym && (
          <Text size="xs" c="dimmed" truncate>
            {t('unifiedSearch.synonym', { synonym: s.synonym })}
          </Text>
        )}
        {s.type === 'battlecard' && (
          <Text size="xs" c="dimmed" truncate>
            {t('unifiedSearch.battlecardOf', { rival: s.rivalName })}
          </Text>
        )}
      </Box>
    </Group>
  );
}

/** The previewed visibility group of the page (curators), passed to suggestions. */
function usePreviewGroup(search: string): number | null {
  const v = new URLSearchParams(search).get('previewing');
  return v !== null && /^\d+$/.test(v) ? Number(v) : null;
}

export function UnifiedSearch({ shortPlaceholder = false }: { shortPlaceholder?: boolean }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const modes = availableModes(user, company);
  const inputRef = useRef<HTMLInputElement>(null);

  const pageMode = modeOfPath(pathname);
  const fromPage = pageMode && modes.includes(pageMode) ? pageMode : null;
  // A mode switched to on this page; saved as the user's, it outlasts the page through their user data.
  const [switched, setSwitched] = useState<UnifiedSearchMode | null>(null);
  const saveMode = useSaveSearchMode();
  const [input, setInput] = useState(() => (fromPage === 'cards' ? termsFromPath(pathname) : ''));
  const [focused, setFocused] = useState(false);
  const chosen = switched ?? fromPage ?? pickedMode(user, modes);
  const mode = chosen ?? modeForInput(input, modes, defaultMode(user, company));

  // The page decides the mode and the terms: the results page shows its terms, alerts its q.
  useEffect(() => {
    setSwitched(null);
    if (!fromPage) return;
    if (fromPage === 'cards') setInput(termsFromPath(pathname));
    else setInput(new URLSearchParams(search).get('q') ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const [debounced] = useDebouncedValue(input, SUGGESTIONS_DEBOUNCE_MS);
  const query = suggestionQuery(debounced);
  const withSuggestions = mode !== null && modeShowsSuggestions(mode);
  const previewGroup = usePreviewGroup(search);
  const suggestions = useSuggestions(query, previewGroup, withSuggestions && focused);
  const groups = query ? groupSuggestions(suggestions.data) : [];
  const flat = flattenGroups(groups);
  const typing = suggestionQuery(input) !== null && suggestionQuery(input) !== query;
  // Suggestions of earlier input stay on screen while new ones load, but cannot be picked.
  const stale = typing || suggestions.isPlaceholderData;
  const loading = withSuggestions && suggestionQuery(input) !== null && (typing || suggestions.isFetching);

  // "/" anywhere outside a text field focuses the search box.
  useHotkeys([['/', () => inputRef.current?.focus()]]);

  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const showDropdown = focused && withSuggestions && suggestionQuery(input) !== null;
  useEffect(() => {
    if (showDropdown) combobox.openDropdown();
    else combobox.closeDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showDropdown]);

  // New suggestions: nothing is selected, so Enter searches the typed terms.
  useEffect(() => {
    combobox.resetSelectedOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, suggestions.data]);

  if (mode === null) return null;

  const go = (to: string, external = false) => {
    combobox.closeDropdown();
    inputRef.current?.blur();
    if (external) window.open(to, '_blank', 'noopener');
    else navigate(withPreview(to, previewGroup));
  };

  const pick = (key: string) => {
    const s = flat.find((x) => suggestionKey(x) === key);
    if (!s) return;
    const target = suggestionTarget(s, mode, input);
    if (!target) return;
    track({ kind: 'suggestionPick', query: input, suggestion: s.type });
    if (s.type === 'completion') setInput(s.text);
    go(target.to, target.external);
  };

  const placeholder = shortPlaceholder
    ? t('unifiedSearch.placeholder.short')
    : !chosen && modes.includes('ask') && modes.includes('cards')
      ? t('unifiedSearch.placeholder.auto')
      : t(`unifiedSearch.placeholder.${mode}`);

  return (
    <Group
      component="form"
      role="search"
      gap={6}
      wrap="nowrap"
      style={{ flex: 1, maxWidth: UNIFIED_SEARCH_WIDTH, minWidth: 0 }}
      data-testid="unified-search"
      onSubmit={(e) => {
        e.preventDefault();
        const to = submitTarget(mode, input, pathname);
        if (to) go(to);
      }}
    >
      {modes.length > 1 && (
        <SegmentedControl
          size="xs"
          radius="xl"
          value={mode}
          onChange={(v) => {
            setSwitched(v as UnifiedSearchMode);
            saveMode.mutate(v as UnifiedSearchMode);
            inputRef.current?.focus();
          }}
          data={modes.map((m) => ({ value: m, label: t(`unifiedSearch.modes.${m}`) }))}
          aria-label={t('unifiedSearch.modeLabel')}
          data-testid="unified-search-mode"
          data-mode={mode}
          style={{ flex: 'none' }}
        />
      )}
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal position="bottom-start" offset={6} shadow="md" radius="md">
        <Combobox.Target>
          <TextInput
            ref={inputRef}
            style={{ flex: 1, minWidth: 0 }}
            radius="xl"
            type="search"
            aria-label={t('unifiedSearch.label', { mode: t(`unifiedSearch.modes.${mode}`) })}
            placeholder={placeholder}
            data-suggestions-for={stale ? undefined : (query ?? undefined)}
            leftSection={<SearchIcon size={16} />}
            rightSection={
              loading ? (
                <Loader size={14} aria-label={t('unifiedSearch.loading')} data-testid="suggestions-loading" />
              ) : !focused && !input ? (
                <Kbd size="xs" title={t('unifiedSearch.shortcut')}>
                  /
                </Kbd>
              ) : null
            }
            value={input}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setInput(value);
              combobox.resetSelectedOption();
              // No suggestions for empty or over-long text; a mode without suggestions still says what Enter does.
              if (!withSuggestions || suggestionQuery(value) !== null) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onKeyDown={(e) => {
              // Esc closes the suggestions and keeps the text (a search field would clear it); a second Esc leaves the box.
              if (e.key !== 'Escape') return;
              if (combobox.dropdownOpened) e.preventDefault();
              else inputRef.current?.blur();
            }}
            data-testid="unified-search-input"
            autoComplete="off"
            spellCheck={false}
          />
        </Combobox.Target>
        <Combobox.Dropdown miw={360} data-testid="suggestions">
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label={t('unifiedSearch.suggestions')}>
            {groups.map((g) => (
              <Combobox.Group label={t(GROUP_LABEL[g.kind])} key={g.kind}>
                {g.items.map((s) => (
                  <Combobox.Option
                    value={suggestionKey(s)}
                    key={suggestionKey(s)}
                    disabled={stale}
                    style={stale ? { opacity: 0.55, cursor: 'default' } : undefined}
                    data-testid="suggestion"
                    data-kind={s.type}
                    data-stale={stale || undefined}
                  >
                    <SuggestionRow s={s} input={input} />
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))}
            {groups.length === 0 && loading && (
              <Combobox.Empty>
                <Group gap="xs" justify="center">
                  <Loader size={14} />
                  <Text size="sm" c="dimmed">
                    {t('unifiedSearch.loading')}
                  </Text>
                </Group>
              </Combobox.Empty>
            )}
            {groups.length === 0 && !loading && <Combobox.Empty>{t('unifiedSearch.noSuggestions')}</Combobox.Empty>}
          </Combobox.Options>
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {t(`unifiedSearch.hint.${mode}`, { terms: input.trim() })}
            </Text>
          </Combobox.Footer>
        </Combobox.Dropdown>
      </Combobox>
    </Group>
  );
}
