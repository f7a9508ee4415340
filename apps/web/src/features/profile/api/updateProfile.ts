import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateProfileFields, type UpdateProfileResponse, updateProfileResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export interface UpdateProfileRequest {
  /** Only the fields that changed (docs/rules/accounts.md). */
  fields: UpdateProfileFields;
  profileImage?: File | null;
}

/** POST /api/users/update-profile as multipart (the picture's field is `profileImage`). */
export function updateProfile({ fields, profileImage }: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    // Multipart carries text: booleans go as 'true' / 'false'.
    if (value !== undefined) body.append(name, String(value));
  }
  if (profileImage) body.append('profileImage', profileImage);
  return api('/api/users/update-profile', { method: 'POST', body, schema: updateProfileResponseSchema });
}

/** Saves, then refreshes the session (a new token or picture) and the cached details. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      const { token } = sessionStore.get();
      const nextToken = answer.token ?? token;
      if (nextToken)
        sessionStore.set({
          token: nextToken,
          username: answer.user.username,
          profilePicture: answer.user.profilePicture,
        });
      queryClient.setQueryData(['users', 'details', answer.user.username], answer.details);
      void queryClient.invalidateQueries({ queryKey: ['users', 'shipping-address'] });
    },
  });
}
