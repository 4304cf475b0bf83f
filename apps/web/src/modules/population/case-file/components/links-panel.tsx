import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { useDeleteConfirm } from '../../../../shared/hooks/use-delete-confirm';
import { EMPTY } from '../../../../shared/lib/format';
import { EmptyRow } from '../../../../shared/ui/empty-row';
import { RowActions } from '../../../../shared/ui/row-actions';
import { useDeleteLink } from '../../persons/api/mutations';
import { useLinks, type Link } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { LinkForm } from './link-form';
import { AnchorLink } from '../../../../shared/ui/router-links';

const COLUMNS = 9;

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
  // null: closed; { link: undefined }: adding; { link }: editing.
  const [editing, setEditing] = useState<{ link?: Link } | null>(null);
  const { ask, dialog } = useDeleteConfirm<Link>({
    remove: (link) => remove.mutateAsync(link.id),
    nameOf: (link) => linkName(link) ?? t('links.restricted'),
  });
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('links.help')}
        </Text>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {t('links.add')}
          </Button>
        )}
      </Group>

      <QueryStatus query={links} />
      {links.data && (
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="xs" striped aria-label={t('detail.tab_links')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('links.bond')}</Table.Th>
                <Table.Th>{t('links.name')}</Table.Th>
                <Table.Th>{t('fields.sex')}</Table.Th>
                <Table.Th>{t('fields.age')}</Table.Th>
                <Table.Th>{t('fields.phones')}</Table.Th>
                <Table.Th>{t('links.livesWith_short')}</Table.Th>
                <Table.Th>{t('links.legalGuardian_short')}</Table.Th>
                <Table.Th>{t('links.notes')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('links.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.length === 0 && <EmptyRow colSpan={COLUMNS} />}
              {links.data.map((link) => {
                const incoming = link.direction === 'incoming';
                const name = linkName(link) ?? t('links.restricted');
                return (
                  <Table.Tr key={link.id}>
                    <Table.Td>
                      {incoming ? (
                        <Text size="sm">
                          {t('links.incoming_bond', { bond: bonds.labelOf(link.bond) ?? link.bond })}
                        </Text>
                      ) : (
                        <CatalogText catalog="bond" code={link.bond} />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <NameCell link={link} />
                        {incoming && (
                          <Badge size="xs" variant="light" color="gray" tt="none" title={t('links.incoming_help')}>
                            {t('links.incoming')}
                          </Badge>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <CatalogText catalog="sex" code={link.sex} />
                    </Table.Td>
                    <Table.Td>{link.age === null ? EMPTY : link.age}</Table.Td>
                    <Table.Td>{link.phones.length ? link.phones.join(', ') : EMPTY}</Table.Td>
                    <Table.Td>{yesNo(link.livesWith)}</Table.Td>
                    <Table.Td>{yesNo(link.legalGuardian)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 280 }}>
                      {link.notes ?? EMPTY}
                    </Table.Td>
                    <Table.Td>
                      {canWrite && !incoming && (
                        <RowActions name={name} onEdit={() => setEditing({ link })} onDelete={() => ask(link)} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.link ? t('links.edit_title') : t('links.add_title')}
        size="lg"
      >
        {editing && (
          <LinkForm
            key={editing.link?.id ?? 'new'}
            personId={personId}
            link={editing.link}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      {dialog}
    </Stack>
  );
}
