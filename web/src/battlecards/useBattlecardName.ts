// A battlecard name being typed (the new-battlecard dialog and the editor's rename): typing clears the
// error, and `title()` gives the trimmed name to save, or null after flagging it as required.
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { battlecardName } from './assign.ts';
import '../i18n/areas/battlecardEditor.ts';

export function useBattlecardName(initial: string) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputProps = {
    value: name,
    error,
    maxLength: 200,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setName(e.currentTarget.value);
      setError(null);
    },
  };
  const title = () => {
    const next = battlecardName(name);
    if (!next) setError(t('battlecardEditor.create.nameRequired'));
    return next;
  };
  return { setName, inputProps, title };
}
