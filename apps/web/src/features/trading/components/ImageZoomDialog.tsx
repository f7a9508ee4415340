import { Dialog } from '../../../components/ui/Dialog';
import { imageUrl } from '../../../lib/image-url';

/** A prize shown enlarged: its image, name and description. */
export interface ZoomedPrize {
  src: string;
  name: string;
  description: string;
}

/** A prize image, enlarged, with what the prize is. */
export function ImageZoomDialog({ image, onClose }: { image: ZoomedPrize | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} onClose={onClose} title={image?.name ?? 'Prize'} className="image-zoom">
      {image && <img className="image-zoom__img" src={imageUrl(image.src)} alt={image.description || image.name} />}
      {image?.description && (
        <p className="image-zoom__description" data-testid="zoom-description">
          {image.description}
        </p>
      )}
    </Dialog>
  );
}
