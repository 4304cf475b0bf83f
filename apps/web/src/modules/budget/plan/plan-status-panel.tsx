import { lazy, Suspense, useId, useState } from 'react';
import {
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  type ButtonProps,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanStatus } from '@amparo/shared/modules/plan.schema';
import { QueryStatus } from '../../../shared/ui/page-state';
import { WorkflowActions } from '../../../shared/ui/workflow/workflow-actions';
import { usePlanYear } from './api';
import { usePlanTransitionConfig } from './plan-transitions';
import { withRestStyles } from '../../../shared/styles/load';

// The year's records (its revisions and transitions) load when first opened; the shared transition dialog loads
// when a transition is asked for (issue 24 section 4).
const PlanRecords = lazy(() =>
  withRestStyles(import('./plan-records')).then((module) => ({ default: module.PlanRecords })),
);

const STATUS_COLOR: Record<PlanStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'teal',
  closed: 'dark',
};
const ACTION_VARIANT: Record<string, { variant: ButtonProps['variant']; color?: string }> = {
  submit: { variant: 'filled' },
  approve: { variant: 'filled' },
  return: { variant: 'light', color: 'orange' },
  revise: { variant: 'light' },
  close: { variant: 'default' },
};

/**
 * The state of a year's POA (issue 13 section 3, 'Versions'), at the top of the planning list: its status
 * (draft, submitted, approved, closed), the revision in force and the reason of the one being prepared; the transitions
 * the user may take (submit, return and open a revision with a reason, approve, close), each confirmed in the shared
 * workflow dialog, which says when the plan is stale (someone moved it first, 409) and offers a reload; and, on demand,
 * the approved revisions
 * and the history.
 */
export function PlanStatusPanel({ year }: { year: number }) {
  const { t } = useTranslation('budget');
  const plan = usePlanYear(year);
  const transitions = usePlanTransitionConfig(year, () => plan.refetch());
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const titleId = useId();
  const recordsId = useId();
  const data = plan.data;

  if (!data)
    return plan.isError ? (
      <Paper withBorder p="md">
        <QueryStatus query={plan} />
      </Paper>
    ) : (
      <PlanStatusSkeleton year={year} />
    );

  const preparing = data.status === 'draft' && data.revision > 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="plan-status">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h4" id={titleId}>
                {t('budget:plan.title', { year })}
              </Title>
              <Badge color={STATUS_COLOR[data.status]} variant="light" data-testid="plan-status-badge">
                {t(`budget:plan.status.${data.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {data.revision > 0
                ? t('budget:plan.inForce', { revision: data.revision })
                : t('budget:plan.neverApproved')}
            </Text>
            {preparing && (
              <Text size="sm">
                {t('budget:plan.preparing', { revision: data.revision + 1 })}
                {data.revisionReason && ` ${t('budget:plan.preparingReason', { reason: data.revisionReason })}`}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t(`budget:plan.help.${data.status}`)}
            </Text>
          </Stack>
          <WorkflowActions
            subject={data}
            allowed={data.allowed}
            refused={data.refused}
            config={transitions}
            look={(name) => ACTION_VARIANT[name] ?? { variant: 'default' }}
            ariaLabel={t('budget:plan.actionsLabel')}
          />
        </Group>
        <div>
          <Button
            variant="default"
            size="xs"
            aria-expanded={opened}
            aria-controls={recordsId}
            rightSection={opened ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            onClick={() => {
              setAsked(true);
              setOpened((o) => !o);
            }}
          >
            {t('budget:plan.records', { count: data.revisions.length })}
          </Button>
          <Collapse expanded={opened} id={recordsId}>
            <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
              {/* Drawn once asked for: until then the collapsed panel holds nothing to load. */}
              {asked && (
                <Suspense fallback={<Loader size="sm" />}>
                  <PlanRecords plan={data} />
                </Suspense>
              )}
            </div>
          </Collapse>
        </div>
      </Stack>
    </Paper>
  );
}

/**
 * The panel while its year loads, as tall as the loaded one usually is (its title, the status and help lines, the
 * records button), so the list below does not jump when it arrives (Lighthouse measured a 0.23 layout shift).
 */
function PlanStatusSkeleton({ year }: { year: number }) {
  const { t } = useTranslation('budget');
  return (
    <Paper withBorder p="md" aria-busy="true">
      <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h4">
              {t('budget:plan.title', { year })}
            </Title>
            <Skeleton h={20} w={80} radius="xl" />
          </Group>
          <Skeleton h={22} w="40%" />
          <Skeleton h={22} w="60%" />
        </Stack>
        <Skeleton h={30} w={180} />
      </Stack>
    </Paper>
  );
}
