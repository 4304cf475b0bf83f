import { Stack, Tabs } from '@mantine/core';
import { IconFirstAidKit, IconId, IconSettings } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { can } from '../../../shared/lib/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageLoader } from '../../../shared/ui/page-state';
import { ProfileOverview } from '../components/profile-overview';
import { ProfileForm } from '../components/profile-form';
import { PhotoSection } from '../components/photo-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { ChangeEmailForm } from '../components/change-email-form';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { tab = 'overview' } = useSearch({ from: '/app/account' });
  if (!user) return <PageLoader />;

  return (
    <>
      <PageHeader title={t('account:title')} />
      <Tabs
        value={tab}
        onChange={(next) =>
          void navigate({ to: '/account', search: next === 'settings' ? { tab: 'settings' } : {}, replace: true })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconId size={16} />}>
            {t('account:tabs.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            {t('account:tabs.settings')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="md">
            <ProfileOverview user={user} />
            {can(user, 'poblacion_poblacion') && (
              <AnchorLink
                to="/population/attentions/mine"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}
              >
                <IconFirstAidKit size={16} aria-hidden />
                {t('account:links.my_attentions')}
              </AnchorLink>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack gap="lg" maw={640}>
            {/* Remounted on each new version so the form never sends a stale one. */}
            <ProfileForm key={user.version} user={user} />
            <PhotoSection />
            <ChangeEmailForm currentEmail={user.email} />
            <ChangePasswordForm />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
