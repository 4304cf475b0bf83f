import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InboxList } from '../../../shared/ui/workflow/inbox-list';
import { useInbox } from '../api/queries';

/** Each workflow's state names, by the workflow's name (the server's `defineWorkflow`). */
const STATE_KEYS: Record<string, string> = {
  support_ticket: 'support:status',
  plan_year: 'budget:plan.status',
  budget_carry_forward: 'budget:carryForward.status',
};

/**
 * What waits for the user across workflows (issue 25 section 1): a plan to approve, a carry-forward to decide, a
 * ticket to work, each linking to its page. Drawn only when something waits, so the dashboard of a user with nothing
 * pending is unchanged; a failed answer is left out as well (the areas' cards still say what is pending). Its title
 * counts them (issue 25 section 5: approvers' pending counts feed the dashboard).
 */
export function InboxPanel() {
  const { t } = useTranslation('common');
  const inbox = useInbox();
  if (!inbox.data || inbox.data.length === 0) return null;
  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
      component="section"
      aria-labelledby="dashboard-inbox"
      data-testid="dashboard-inbox"
    >
      <Title order={2} size="h4" mb="sm" id="dashboard-inbox">
        {t('common:workflow.inbox.titleCount', { count: inbox.data.length })}
      </Title>
      <InboxList
        items={inbox.data}
        stateLabel={(workflow, state) =>
          STATE_KEYS[workflow] ? t(`${STATE_KEYS[workflow]}.${state}`, { defaultValue: state }) : state
        }
      />
    </Paper>
  );
}
