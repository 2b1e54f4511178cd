/** TanStack Query keys of the profile's server state. */
export const profileQueryKeys = {
  profile: ['user', 'profile'] as const,
};
