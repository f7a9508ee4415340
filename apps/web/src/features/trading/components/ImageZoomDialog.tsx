import { Dialog } from '../../../components/ui/Dialog';
import { imageUrl } from '../../../lib/image-url';

/** A prize image, enlarged. */
export function ImageZoomDialog({ image, onClose }: { image: { src: string; name: string } | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} onClose={onClose} title={image?.name ?? 'Prize'} className="image-zoom">
      {image && <img className="image-zoom__img" src={imageUrl(image.src)} alt={image.name} />}
    </Dialog>
  );
}
