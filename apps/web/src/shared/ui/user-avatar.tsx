import { Avatar, type AvatarProps } from '@mantine/core';
import { userPhotoUrl } from '../lib/photo';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  user: { id: string; fullName: string; hasPhoto: boolean; version: number };
}

/** The user's photo when there is one, else their initials. */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  return (
    <Avatar
      {...props}
      src={user.hasPhoto ? userPhotoUrl(user.id, user.version) : null}
      alt={user.fullName}
      name={user.fullName}
      color="initials"
    />
  );
}
