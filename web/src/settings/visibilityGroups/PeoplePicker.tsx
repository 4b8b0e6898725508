// Picking people to add to a group: a search of the company's active people by name or email (as typed,
// after a pause), several chosen one after another as pills; people already in the group are not offered.
import { Avatar, Combobox, Group, Loader, Pill, PillsInput, Stack, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { User } from '../../../../contracts/account.ts';
import { CheckIcon } from '../../brand/icons.tsx';
import { initials } from '../../user/permissions.ts';
import { usePeopleSearch } from './api.ts';
import '../../i18n/areas/settingsGroups.ts';

export type Person = Pick<User, 'id' | 'name' | 'email' | 'image'>;

type Props = {
  /** Ids already in the group. */
  exclude: ReadonlySet<number>;
  value: Person[];
  onChange: (people: Person[]) => void;
  disabled?: boolean;
};

export function PeoplePicker({ exclude, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [opened, setOpened] = useState(false);
  const people = usePeopleSearch(query, opened);
  const chosen = new Set(value.map((p) => p.id));
  const options = (people.data?.items ?? []).filter((u) => !exclude.has(u.id));

  const toggle = (id: number) => {
    if (chosen.has(id)) return onChange(value.filter((p) => p.id !== id));
    const person = options.find((u) => u.id === id);
    if (person) onChange([...value, { id: person.id, name: person.name, email: person.email, image: person.image }]);
  };

  const open = () => {
    setOpened(true);
    combobox.openDropdown();
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        toggle(Number(v));
        // Closed after each pick, so the list never covers the Add button; typing opens it again.
        setSearch('');
        combobox.closeDropdown();
      }}
      disabled={disabled}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={t('settingsGroups.visibility.members.addLabel')}
          description={t('settingsGroups.visibility.members.addHint')}
          onClick={open}
          rightSection={people.isFetching ? <Loader size={16} /> : undefined}
          disabled={disabled}
          data-testid="people-picker"
        >
          <Pill.Group>
            {value.map((p) => (
              <Pill key={p.id} withRemoveButton onRemove={() => toggle(p.id)} removeButtonProps={{ 'aria-label': t('settingsGroups.visibility.members.unpick', { name: p.name }) }}>
                {p.name}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={value.length ? undefined : t('settingsGroups.visibility.members.searchPlaceholder')}
                aria-label={t('settingsGroups.visibility.members.searchLabel')}
                onFocus={open}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  combobox.updateSelectedOptionIndex();
                  open();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && !search && value.length) onChange(value.slice(0, -1));
                }}
                data-testid="people-picker-search"
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {people.isError ? (
            <Combobox.Empty>{t('settingsGroups.visibility.members.searchFailed')}</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>{people.isPending ? t('settingsGroups.loading') : t('settingsGroups.visibility.members.noMatch')}</Combobox.Empty>
          ) : (
            options.map((u) => (
              <Combobox.Option value={String(u.id)} key={u.id} active={chosen.has(u.id)} aria-selected={chosen.has(u.id)} data-testid="people-picker-option">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={u.image} size={28} radius="xl" color="indigo" alt="" aria-hidden>
                    {initials(u.name)}
                  </Avatar>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {u.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {u.email}
                    </Text>
                  </Stack>
                  {chosen.has(u.id) && <CheckIcon size={16} color="var(--mantine-color-indigo-6)" />}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
