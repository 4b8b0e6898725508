// Settings › API tokens (admins): every token of the company with its owner, to see what connects to the product
// and revoke what should not.
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useCompanyTokens } from '../../apiTokens/api.ts';
import { TokenTable } from '../../apiTokens/TokenTable.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { SectionHeader } from '../SectionHeader.tsx';
import '../../i18n/areas/apiTokens.ts';

export function CompanyTokensSection() {
  const { t } = useTranslation();
  const tokens = useCompanyTokens();
  return (
    <Stack gap="lg" data-testid="company-tokens">
      <SectionHeader title={t('apiTokens.companyTitle')} intro={t('apiTokens.companyIntro')} />
      {tokens.isPending ? (
        <Loader size="sm" aria-label={t('apiTokens.loading')} />
      ) : tokens.isError ? (
        <StatePanel kind="error" title={t('apiTokens.loadFailed')} text={t('apiTokens.loadFailedText')} data-testid="company-tokens-error">
          <Button variant="default" size="xs" onClick={() => void tokens.refetch()}>
            {t('apiTokens.retry')}
          </Button>
        </StatePanel>
      ) : tokens.data.tokens.length ? (
        <TokenTable tokens={tokens.data.tokens} showOwner />
      ) : (
        <Text c="dimmed">{t('apiTokens.companyEmpty')}</Text>
      )}
    </Stack>
  );
}
