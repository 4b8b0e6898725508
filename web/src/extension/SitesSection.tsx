// Where badges appear (curators and admins): every rival's website domains, edited as tags and saved per row, and
// the company's CRM hosts. What is typed is kept as the product keeps it (contracts/extension.ts normalizeDomain,
// normalizeCrmHost): "https://www.Acme.com/pricing" becomes acme.com, and what is not a domain is refused in words
// before anything is sent. The server's refusals (a domain another rival has, 409; one it finds invalid) show on
// their row.
import { Button, Group, Skeleton, Stack, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CRM_HOSTS_MAX, DEFAULT_CRM_HOSTS, normalizeCrmHost, normalizeDomain, RIVAL_DOMAINS_MAX, type ExtensionSites } from '../../../contracts/extension.ts';
import { ApiError } from '../api/client.ts';
import { useErrorText } from '../api/errorText.ts';
import { CheckIcon, SearchIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useSaveCrmHosts, useSaveRivalDomains, useSites } from './api.ts';
import { GuideSection } from './GuideSections.tsx';
import classes from './ExtensionGuide.module.css';
import '../i18n/areas/extensionGuide.ts';

type Rival = ExtensionSites['rivals'][number];
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A TagsInput's new value, each entry normalized and duplicates dropped; the first entry that is not one, refused.
 */
function normalizeAll(values: string[], normalize: (v: string) => string | null): { kept: string[]; refused: string | null } {
  const kept: string[] = [];
  let refused: string | null = null;
  for (const v of values) {
    const n = normalize(v);
    if (n === null) refused ??= v.trim();
    else if (!kept.includes(n)) kept.push(n);
  }
  return { kept, refused };
}

/** A save's refusal in words: a domain another rival has (409) by name where the server says which, else its words. */
function useRefusalText() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  return (err: unknown): string => {
    if (err instanceof ApiError && err.status === 409) {
      const domain = err.params?.domain;
      const rival = err.params?.rival ?? err.params?.rivalName ?? err.params?.name;
      if (domain !== undefined && rival !== undefined) return t('extensionGuide.sites.taken', { domain: String(domain), rival: String(rival) });
      return err.fromServer ? t('extensionGuide.sites.refused', { error: errorText(err) }) : t('extensionGuide.sites.takenUnknown');
    }
    return t('extensionGuide.sites.refused', { error: errorText(err) });
  };
}

function RivalRow({ rival }: { rival: Rival }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const save = useSaveRivalDomains();
  const [draft, setDraft] = useState<string[]>(rival.domains);
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = !same(draft, rival.domains);
  const error = refused ? t('extensionGuide.sites.invalidDomain', { value: refused }) : save.isError ? refusalText(save.error) : null;

  const change = (values: string[]) => {
    const { kept, refused: bad } = normalizeAll(values, normalizeDomain);
    setDraft(kept);
    setRefused(bad);
    setSaved(false);
    save.reset();
  };
  const submit = () => {
    setRefused(null);
    save.mutate(
      { rivalId: rival.id, domains: draft },
      {
        onSuccess: (answer) => {
          setDraft(answer.domains);
          setSaved(true);
        },
      },
    );
  };
  const cancel = () => {
    setDraft(rival.domains);
    setRefused(null);
    save.reset();
  };

  return (
    <Table.Tr data-testid="site-rival-row" data-rival-id={rival.id}>
      <Table.Td className={classes.rivalName}>
        <Text fw={600} size="sm" data-testid="site-rival-name">
          {rival.name}
        </Text>
      </Table.Td>
      <Table.Td className={classes.domainsCell}>
        <TagsInput
          aria-label={t('extensionGuide.sites.rivals.domainsOf', { name: rival.name })}
          value={draft}
          onChange={change}
          placeholder={draft.length ? undefined : t('extensionGuide.sites.rivals.placeholder')}
          maxTags={RIVAL_DOMAINS_MAX}
          splitChars={[',', ' ', ';']}
          error={error}
          errorProps={{ 'data-testid': 'site-error', role: 'alert' }}
          data-testid="site-domains"
        />
      </Table.Td>
      <Table.Td className={classes.rowActions}>
        {(dirty || saved) && (
          <Group gap="xs" wrap="nowrap" mih={36}>
            {dirty ? (
              <>
                <Button size="xs" onClick={submit} loading={save.isPending} data-testid="site-save">
                  {t('extensionGuide.sites.save')}
                </Button>
                <Button size="xs" variant="default" onClick={cancel} disabled={save.isPending}>
                  {t('extensionGuide.sites.cancel')}
                </Button>
              </>
            ) : (
              saved && <Saved testId="site-saved" />
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function RivalDomains({ rivals }: { rivals: Rival[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? rivals.filter((r) => r.name.toLowerCase().includes(q) || r.domains.some((d) => d.includes(q))) : rivals;
  }, [rivals, query]);
  return (
    <Stack gap="sm" data-testid="sites-rivals">
      <Stack gap={2}>
        <Title order={3} size="h4">
          {t('extensionGuide.sites.rivals.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('extensionGuide.sites.rivals.hint')}
        </Text>
      </Stack>
      {rivals.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('extensionGuide.sites.rivals.empty')}
        </Text>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              label={t('extensionGuide.sites.rivals.search')}
              leftSection={<SearchIcon size={14} />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              type="search"
              w={{ base: '100%', xs: 280 }}
              data-testid="sites-search"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('extensionGuide.sites.rivals.count', { count: shown.length })}
            </Text>
          </Group>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="sites-none">
              {t('extensionGuide.sites.rivals.none', { query: query.trim() })}
            </Text>
          ) : (
            <Table className={classes.table} verticalSpacing="xs" data-testid="sites-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('extensionGuide.sites.rivals.rival')}</Table.Th>
                  <Table.Th>{t('extensionGuide.sites.rivals.domains')}</Table.Th>
                  <Table.Th>
                    <span className={classes.hidden}>{t('extensionGuide.sites.save')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r) => (
                  <RivalRow key={r.id} rival={r} />
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}

function CrmHosts({ hosts }: { hosts: string[] }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const save = useSaveCrmHosts();
  const [draft, setDraft] = useState<string[]>(hosts);
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = !same(draft, hosts);
  const error = refused ? t('extensionGuide.sites.invalidHost', { value: refused }) : save.isError ? refusalText(save.error) : null;
  const change = (values: string[]) => {
    const { kept, refused: bad } = normalizeAll(values, normalizeCrmHost);
    setDraft(kept);
    setRefused(bad);
    setSaved(false);
    save.reset();
  };
  const isDefault = same(draft, DEFAULT_CRM_HOSTS);
  return (
    <Stack gap="sm" data-testid="sites-crm">
      <Title order={3} size="h4">
        {t('extensionGuide.sites.crm.title')}
      </Title>
      <TagsInput
        aria-label={t('extensionGuide.sites.crm.label')}
        description={t('extensionGuide.sites.crm.hint')}
        value={draft}
        onChange={change}
        placeholder={t('extensionGuide.sites.crm.placeholder')}
        maxTags={CRM_HOSTS_MAX}
        splitChars={[',', ' ', ';']}
        error={error}
        errorProps={{ 'data-testid': 'crm-error', role: 'alert' }}
        data-testid="crm-hosts"
      />
      <Group gap="xs">
        <Button
          onClick={() => {
            setRefused(null);
            save.mutate(draft, { onSuccess: (answer) => (setDraft(answer.hosts), setSaved(true)) });
          }}
          disabled={!dirty}
          loading={save.isPending}
          data-testid="crm-save"
        >
          {t('extensionGuide.sites.save')}
        </Button>
        {dirty && (
          <Button variant="default" onClick={() => change(hosts)} disabled={save.isPending}>
            {t('extensionGuide.sites.cancel')}
          </Button>
        )}
        <Button variant="subtle" onClick={() => change([...DEFAULT_CRM_HOSTS])} disabled={isDefault || save.isPending} data-testid="crm-reset">
          {t('extensionGuide.sites.crm.reset')}
        </Button>
        {saved && !dirty && <Saved testId="crm-saved" />}
      </Group>
    </Stack>
  );
}

export function SitesSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const sites = useSites(true);
  return (
    <GuideSection id="sites" title={t('extensionGuide.sites.title')} intro={t('extensionGuide.sites.intro')}>
      {sites.isPending ? (
        <Stack gap="sm">
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      ) : sites.isError ? (
        <StatePanel kind="error" title={t('extensionGuide.sites.loadFailed')} text={errorText(sites.error)} data-testid="sites-error">
          <Button variant="default" size="xs" onClick={() => void sites.refetch()}>
            {t('extensionGuide.retry')}
          </Button>
        </StatePanel>
      ) : (
        <Stack gap="xl">
          <RivalDomains rivals={sites.data.rivals} />
          <CrmHosts hosts={sites.data.crmHosts} />
        </Stack>
      )}
    </GuideSection>
  );
}

/** "Saved", with a tick, announced to screen readers. */
function Saved({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="teal.8" role="status" data-testid={testId}>
      <Group gap={4} component="span" wrap="nowrap">
        <CheckIcon size={14} />
        {t('extensionGuide.sites.saved')}
      </Group>
    </Text>
  );
}
