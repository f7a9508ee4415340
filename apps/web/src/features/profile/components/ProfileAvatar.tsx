/** The shopper's round picture (an image name served at /api/images/{name}, or a local preview URL). */
export function ProfileAvatar({ picture, src, size = 88 }: { picture?: string | null; src?: string; size?: number }) {
  const url = src ?? (picture ? `/api/images/${encodeURIComponent(picture)}` : undefined);
  return (
    <span className="profile-avatar" style={{ width: size, height: size }}>
      {url ? <img src={url} alt="Profile picture" width={size} height={size} /> : null}
    </span>
  );
}
