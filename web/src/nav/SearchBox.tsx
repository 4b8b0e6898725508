// The global search box of the top navigation. Unified search comes with its own release; for now Enter
// opens the search results route with the URL-encoded terms.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPath } from '../app/routes.ts';
import { SearchIcon } from '../brand/icons.tsx';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [terms, setTerms] = useState('');
  return (
    <form
      role="search"
      style={{ flex: 1, maxWidth: 460, minWidth: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        const to = searchPath(terms);
        if (to) navigate(to);
      }}
    >
      <TextInput
        aria-label={t('nav.searchLabel')}
        placeholder={t('nav.searchPlaceholder')}
        leftSection={<SearchIcon size={16} />}
        value={terms}
        onChange={(e) => setTerms(e.currentTarget.value)}
        radius="xl"
        data-testid="nav-search"
        type="search"
      />
    </form>
  );
}
