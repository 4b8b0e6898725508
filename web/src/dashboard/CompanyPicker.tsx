// The board wizard's searchable company picker (part 3 §3 Discover company suggestion, §7.5): typing asks
// GET /api/discover/companies.json for suggestions, and picking one hands it to the wizard.
import { Autocomplete, Avatar, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { DiscoverCompany } from '../../../contracts/dashboard.ts';
import { useDiscoverCompanies } from './api.ts';
import { COMPANY_SEARCH_DEBOUNCE_MS } from './boardWizard.ts';
import { initials } from './model.ts';

export function CompanyPicker({ onPick, disabled }: { onPick: (company: DiscoverCompany) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // The name of a picked company: it replaces the domain the input would otherwise show.
  const picked = useRef<string | null>(null);
  const [name] = useDebouncedValue(text, COMPANY_SEARCH_DEBOUNCE_MS);
  const suggestions = useDiscoverCompanies(name);
  const items = suggestions.data?.items ?? [];
  const byDomain = new Map(items.map((c) => [c.domain, c]));

  return (
    <Autocomplete
      label={t('dashboardTools.companyPicker.label')}
      placeholder={t('dashboardTools.companyPicker.placeholder')}
      description={t('dashboardTools.companyPicker.hint')}
      value={text}
      onChange={(value) => {
        setText(picked.current ?? value);
        picked.current = null;
      }}
      // Suggestions are keyed by domain; the server has already matched them, so no filtering here.
      data={items.map((c) => c.domain)}
      filter={({ options }) => options}
      onOptionSubmit={(domain) => {
        const company = byDomain.get(domain);
        if (!company) return;
        picked.current = company.name;
        onPick(company);
      }}
      renderOption={({ option }) => {
        const c = byDomain.get(option.value);
        return c ? (
          <Group gap="sm" wrap="nowrap" data-testid="company-suggestion">
            <Avatar src={c.logo} size={24} radius="sm" color="indigo" alt="">
              {initials(c.name)}
            </Avatar>
            <div>
              <Text size="sm">{c.name}</Text>
              <Text size="xs" c="dimmed">
                {c.domain}
              </Text>
            </div>
          </Group>
        ) : null;
      }}
      rightSection={suggestions.isFetching ? <Loader size="xs" /> : null}
      disabled={disabled}
      data-testid="board-wizard-company"
    />
  );
}
