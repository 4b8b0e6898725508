// A search box whose terms are applied after a pause in typing (or at once on Enter, or cleared with its
// button), and that follows the applied terms when they change elsewhere (the URL, a "clear" action).
import { CloseButton, TextInput } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import { SearchIcon } from '../brand/icons.tsx';

type Props = {
  value: string;
  onSearch: (terms: string) => void;
  delayMs: number;
  label: string;
  clearLabel: string;
  style?: CSSProperties;
  'data-testid': string;
};

export function SearchBox({ value, onSearch, delayMs, label, clearLabel, style, 'data-testid': testId }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delayMs]);
  return (
    <TextInput
      size="sm"
      leftSection={<SearchIcon size={15} />}
      placeholder={label}
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && onSearch(text.trim())}
      rightSection={text ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onSearch('')} /> : null}
      style={style}
      data-testid={testId}
    />
  );
}
