import type { ComponentPropsWithRef } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

// One file a component, so a page that uses one link kind loads only that Mantine component (issue 10 item 2).
const Host = (props: AnchorProps & ComponentPropsWithRef<'a'>) => <Anchor component="a" {...props} />;

/** Mantine `Anchor` that navigates like `<Link>`, with typed `to`, `params` and `search`. A Mantine component given `component={Link}` loses the router's types; this keeps them. */
export const AnchorLink = createLink(Host);
