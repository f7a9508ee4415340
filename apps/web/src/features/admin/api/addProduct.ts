import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessageSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/add-product (multipart: fields, productImage, prizeImage{i}). */
export const addProduct = (form: FormData) =>
  api('/api/admin/add-product', { method: 'POST', body: form, auth: 'admin', schema: adminMessageSchema });

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'sets'] }),
  });
}
