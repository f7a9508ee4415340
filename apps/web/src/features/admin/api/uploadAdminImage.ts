import { useMutation } from '@tanstack/react-query';
import { adminImageUploadSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/images (multipart `image`): stores product or prize artwork, answers its name for the PUT. */
export const uploadAdminImage = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return api('/api/admin/images', { method: 'POST', body: form, auth: 'admin', schema: adminImageUploadSchema });
};

export const useUploadAdminImage = () => useMutation({ mutationFn: uploadAdminImage });
