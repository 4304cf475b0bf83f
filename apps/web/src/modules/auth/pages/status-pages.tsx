import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/status-page';

export function NotFoundPage() {
  const { t } = useTranslation('auth');
  return <StatusPage code="404" title={t('auth:status.notFound.title')} text={t('auth:status.notFound.text')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation('auth');
  return <StatusPage code="500" title={t('auth:status.serverError.title')} text={t('auth:status.serverError.text')} />;
}

export function NoPermissionPage() {
  const { t } = useTranslation('auth');
  return (
    <StatusPage code="403" title={t('auth:status.noPermission.title')} text={t('auth:status.noPermission.text')} />
  );
}
