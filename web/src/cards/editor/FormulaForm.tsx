// The dynamic data block form (part 2 §2 "Dynamic data block editor", §5 validity): a formula type from the
// grouped list of part 1 §9, the companies (the card's own rival, other rivals, web domains) and, for
// Salesforce formulas, the query type. A block that breaks the validity rule can still be inserted; the
// form and the block in the editor say what is missing.
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { CURRENT_RIVAL, parseFormula } from '../../../../contracts/cards.ts';
import { AlertIcon } from '../../brand/icons.tsx';
import { useRivalsMinimal } from '../api.ts';
import { formulaView } from '../dynamic/formulas.ts';
import { blockIssue, companyArg, FORMULA_GROUPS, formulaPlaceholder, SFDC_QUERY_TYPES, webDomain } from './formulaText.ts';
import '../../i18n/areas/cardsAuthoring.ts';

type Props = {
  /** The placeholder of the block being edited; null inserts a new one. */
  initial: string | null;
  /** The card's own rival, left out of the other rivals (null while creating a card). */
  rivalId: number | null;
  onSubmit: (placeholder: string) => void;
  onClose: () => void;
};

export function FormulaForm({ initial, rivalId, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const start = initial ? parseFormula(initial) : null;
  const [formulaKey, setFormulaKey] = useState<string | null>(start?.formulaKey ?? null);
  const [companies, setCompanies] = useState<string[]>(start ? start.companies.map(String) : [CURRENT_RIVAL]);
  const [sfdcQueryType, setSfdcQueryType] = useState<string | null>(start?.sfdcQueryType ?? null);
  const [domain, setDomain] = useState('');
  const [domainError, setDomainError] = useState<string | null>(null);
  const rivals = useRivalsMinimal(true);

  const view = formulaKey ? formulaView(formulaKey) : null;
  const draft = { formulaKey: formulaKey ?? '', companies: companies.map(companyArg), ...(view?.salesforce && sfdcQueryType ? { sfdcQueryType } : {}) };
  const issue = formulaKey ? blockIssue(draft) : null;

  const typeData = Object.entries(FORMULA_GROUPS).map(([group, keys]) => ({
    group: t(`cardsAuthoring.editor.formula.groups.${group}`),
    items: keys.map((k) => ({ value: k, label: t(`cardsAuthoring.editor.formula.types.${k}`) })),
  }));
  const otherRivals = (rivals.data ?? []).filter((r) => r.id !== rivalId).map((r) => ({ value: String(r.id), label: r.name }));
  const known = new Set([CURRENT_RIVAL, ...otherRivals.map((o) => o.value)]);
  // Chosen companies the list does not know: domains, and rivals gone from the list.
  const extra = companies
    .filter((c) => !known.has(c))
    .map((c) => ({ value: c, label: /^\d+$/.test(c) ? t('cardsAuthoring.editor.formula.rivalId', { id: c }) : c }));
  const companyData = [{ value: CURRENT_RIVAL, label: t('cardsAuthoring.editor.formula.currentRival') }, ...otherRivals, ...extra];

  const addDomain = () => {
    const d = webDomain(domain);
    if (!d) return setDomainError(t('cardsAuthoring.editor.formula.domainInvalid'));
    setCompanies((list) => (list.includes(d) ? list : [...list, d]));
    setDomain('');
    setDomainError(null);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(initial ? 'cardsAuthoring.editor.formula.editTitle' : 'cardsAuthoring.editor.formula.newTitle')}
      data-testid="formula-form"
    >
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          // Not the card form around the editor, which React would hand the submit to through the portal.
          e.preventDefault();
          e.stopPropagation();
          if (formulaKey) onSubmit(formulaPlaceholder(draft));
        }}
      >
        <Select
          label={t('cardsAuthoring.editor.formula.type')}
          placeholder={t('cardsAuthoring.editor.formula.typePlaceholder')}
          data={typeData}
          value={formulaKey}
          onChange={setFormulaKey}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          data-testid="formula-form-type"
        />
        <MultiSelect
          label={t('cardsAuthoring.editor.formula.companies')}
          placeholder={companies.length ? undefined : t('cardsAuthoring.editor.formula.companiesPlaceholder')}
          data={companyData}
          value={companies}
          onChange={setCompanies}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="formula-form-companies"
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('cardsAuthoring.editor.formula.domain')}
            placeholder={t('cardsAuthoring.editor.formula.domainPlaceholder')}
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addDomain();
              }
            }}
            error={domainError}
            data-testid="formula-form-domain"
          />
          <Button variant="default" mt={25} onClick={addDomain} data-testid="formula-form-add-domain">
            {t('cardsAuthoring.editor.formula.addDomain')}
          </Button>
        </Group>
        {view?.salesforce && (
          <Select
            label={t('cardsAuthoring.editor.formula.sfdcQueryType')}
            placeholder={t('cardsAuthoring.editor.formula.sfdcDefault')}
            data={[...SFDC_QUERY_TYPES]}
            value={sfdcQueryType}
            onChange={setSfdcQueryType}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="formula-form-sfdc"
          />
        )}
        {issue && (
          <Alert color="yellow" variant="light" icon={<AlertIcon />} data-testid="formula-form-issue">
            {t(`cardsAuthoring.editor.formula.issues.${issue}`)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cardsAuthoring.editor.formula.cancel')}
          </Button>
          <Button type="submit" disabled={!formulaKey} data-testid="formula-form-submit">
            {t(initial ? 'cardsAuthoring.editor.formula.update' : 'cardsAuthoring.editor.formula.insertBlock')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
