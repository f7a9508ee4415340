import { SPRITE, TEAR_FRAMES } from './tear';

const SHEET_ROWS = Math.ceil(TEAR_FRAMES / SPRITE.columns);

/** Where a frame's pixels are in a rasterised row of the sheet. */
export interface RasterFrame {
  bitmap: ImageBitmap;
  x: number;
}

/** The sheet's rows as bitmaps, rasterised one after another, row 0 first. */
export interface RasterSheet {
  /** The bitmap of the row holding `frame` and the frame's offset in it; null until that row is ready. */
  frame(frame: number): RasterFrame | null;
  release(): void;
}

/**
 * Rasterises the vector sprite sheet once, one row of 12 frames at a time (each its own task, in
 * frame order), at the sheet's natural size. Drawing a frame from the vector sheet replays the
 * sheet's drawing every time: about 49 ms a frame with the CPU slowed down 4×, against 2–4 ms from a
 * bitmap (docs/performance.md). Natural size keeps the six rows at 25 MB; the still ticket is drawn
 * from the vector sheet at the screen's pixel ratio, so only the moving frames are the bitmap's.
 */
export function rasterizeSheet(image: HTMLImageElement): RasterSheet {
  const rows: ImageBitmap[] = [];
  let released = false;
  void (async () => {
    if (typeof createImageBitmap !== 'function') return; // every frame from the vector sheet
    for (let row = 0; row < SHEET_ROWS && !released; row++) {
      const width = SPRITE.frameWidth * SPRITE.columns;
      const bitmap = await createImageBitmap(image, 0, row * SPRITE.frameHeight, width, SPRITE.frameHeight).catch(
        () => null,
      );
      if (!bitmap) return; // a browser that cannot: every frame keeps coming from the vector sheet
      if (released) bitmap.close();
      else rows.push(bitmap);
    }
  })();
  return {
    frame(frame) {
      const f = Math.min(TEAR_FRAMES - 1, Math.max(0, Math.floor(frame)));
      const bitmap = rows[Math.floor(f / SPRITE.columns)];
      return bitmap ? { bitmap, x: (f % SPRITE.columns) * SPRITE.frameWidth } : null;
    },
    release() {
      released = true;
      rows.forEach((bitmap) => bitmap.close());
      rows.length = 0;
    },
  };
}
