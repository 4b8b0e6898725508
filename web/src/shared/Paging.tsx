// Mantine's pagination with words for its arrow buttons and pages, which otherwise have none a screen reader can say.
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

export function Paging(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
    />
  );
}
