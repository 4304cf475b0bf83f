import type { ComponentPropsWithRef } from 'react';
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

// One file a component, so a page that uses one link kind loads only that Mantine component (issue 10 item 2).
const Host = (props: ActionIconProps & ComponentPropsWithRef<'a'>) => <ActionIcon component="a" {...props} />;

/** Mantine `ActionIcon` that navigates like `<Link>`. A Mantine component given `component={Link}` loses the router's types; this keeps them. */
export const ActionIconLink = createLink(Host);
