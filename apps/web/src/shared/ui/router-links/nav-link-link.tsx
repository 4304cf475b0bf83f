import type { ComponentPropsWithRef } from 'react';
import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

// One file a component, so a page that uses one link kind loads only that Mantine component (issue 10 item 2).
const Host = (props: NavLinkProps & ComponentPropsWithRef<'a'>) => <NavLink component="a" {...props} />;

/** Mantine `NavLink` that navigates like `<Link>`. A Mantine component given `component={Link}` loses the router's types; this keeps them. */
export const NavLinkLink = createLink(Host);
