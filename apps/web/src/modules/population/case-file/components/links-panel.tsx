import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { useDeleteLink } from '../../persons/api/mutations';
import { useLinks, type Link } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { RecordPanel } from '../../shared/components/record-panel';
import { LinkForm } from './link-form';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

/** The name of the other person, or null when the user may not read it. */
function linkName(link: Link): string | null {
  if (link.otherPersonRestricted) return null;
  const name = `${link.names ?? ''} ${link.lastNames ?? ''}`.trim();
  return name || null;
}

function NameCell({ link }: { link: Link }) {
  const { t } = useTranslation('population');
  const name = linkName(link);
  if (link.otherPersonRestricted || !name) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        <Text size="sm" c="dimmed" fs="italic">
          {t('links.restricted')}
        </Text>
      </Group>
    );
  }
  if (link.otherPersonId) {
    return (
      <AnchorLink to="/population/served/$id" params={{ id: link.otherPersonId }} size="sm">
        {name}
      </AnchorLink>
    );
  }
  return <>{name}</>;
}

/**
 * 'Linked people' tab: this file's links and the links other registered
 * persons' files make to it. Incoming links are shown, never edited here.
 */
export function LinksPanel({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const links = useLinks(personId);
  const remove = useDeleteLink(personId);
  const bonds = useCatalog('bond');
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const columns: DataColumn<Link>[] = [
    {
      id: 'bond',
      header: t('links.bond'),
      cell: (link) =>
        link.direction === 'incoming' ? (
          <Text size="sm">{t('links.incoming_bond', { bond: bonds.labelOf(link.bond) ?? link.bond })}</Text>
        ) : (
          <CatalogText catalog="bond" code={link.bond} />
        ),
    },
    {
      id: 'name',
      header: t('links.name'),
      cell: (link) => (
        <Stack gap={2}>
          <NameCell link={link} />
          {link.direction === 'incoming' && (
            <Badge size="xs" variant="light" color="gray" tt="none" title={t('links.incoming_help')}>
              {t('links.incoming')}
            </Badge>
          )}
        </Stack>
      ),
      wrap: true,
    },
    { id: 'sex', header: t('fields.sex'), cell: (link) => <CatalogText catalog="sex" code={link.sex} />, width: 110 },
    { id: 'age', header: t('fields.age'), text: (link) => link.age, width: 70 },
    { id: 'phones', header: t('fields.phones'), text: (link) => link.phones.join(', '), wrap: true },
    { id: 'livesWith', header: t('links.livesWith_short'), text: (link) => yesNo(link.livesWith), width: 100 },
    {
      id: 'legalGuardian',
      header: t('links.legalGuardian_short'),
      text: (link) => yesNo(link.legalGuardian),
      width: 100,
    },
    { id: 'notes', header: t('links.notes'), text: (link) => link.notes, wrap: true },
  ];

  return (
    <RecordPanel
      query={links}
      rows={links.data}
      columns={columns}
      rowKey={(link) => link.id}
      label={t('detail.tab_links')}
      intro={
        <Text size="sm" c="dimmed" maw={720}>
          {t('links.help')}
        </Text>
      }
      canWrite={canWrite}
      addLabel={t('links.add')}
      formTitle={(link) => (link ? t('links.edit_title') : t('links.add_title'))}
      form={(link, onDone) => <LinkForm key={link?.id ?? 'new'} personId={personId} link={link} onDone={onDone} />}
      nameOf={(link) => linkName(link) ?? t('links.restricted')}
      remove={(link) => remove.mutateAsync(link.id)}
      editable={(link) => link.direction !== 'incoming'}
    />
  );
}
