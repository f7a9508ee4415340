import { useState } from 'react';
import { serverMessageOf } from '../../../../lib/api-client';
import { imageUrl } from '../../../../lib/image-url';
import { useUploadAdminImage } from '../../api/uploadAdminImage';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/svg+xml';

/** Shows an image and replaces it: the chosen file is uploaded at once, its stored name goes into the draft. */
export function ImagePicker({
  label,
  image,
  onChange,
  size = 64,
}: {
  label: string;
  image: string;
  onChange: (name: string) => void;
  size?: number;
}) {
  const upload = useUploadAdminImage();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="product-editor__image">
      <img src={imageUrl(image)} alt="" width={size} height={size} />
      <label className="btn btn--ghost product-editor__upload">
        {upload.isPending ? 'Uploading…' : 'Replace image'}
        <input
          type="file"
          accept={IMAGE_TYPES}
          aria-label={label}
          className="visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setProblem(null);
            upload.mutate(file, {
              onSuccess: (r) => onChange(r.image),
              onError: (e) => setProblem(serverMessageOf(e) ?? 'Failed to upload the image'),
            });
          }}
        />
      </label>
      {problem && <span className="admin-error">{problem}</span>}
    </div>
  );
}
