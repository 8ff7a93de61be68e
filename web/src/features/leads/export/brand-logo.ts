/**
 * The brand's logo as PNG bytes for the PDF's heading (DECISIONS 32). A PNG is used as it is; an SVG is
 * drawn by the browser onto a canvas (pdf-lib embeds PNG and JPEG only), here on the page because a
 * worker cannot decode an SVG image. Nothing when the logo cannot be read: the name alone heads the PDF.
 */
const SVG_DRAW_HEIGHT = 96;

export async function logoAsPng(
  logo: { dataUrl: string; type: string } | null | undefined,
): Promise<Uint8Array | undefined> {
  if (!logo) return undefined;
  try {
    // Decoded here: the app's content security policy lets no fetch read a data: URL.
    if (logo.type === 'image/png') {
      const base64 = logo.dataUrl.slice(logo.dataUrl.indexOf(',') + 1);
      return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    }
    const image = new Image();
    image.src = logo.dataUrl;
    await image.decode();
    const ratio = image.naturalWidth && image.naturalHeight ? image.naturalWidth / image.naturalHeight : 1;
    const canvas = document.createElement('canvas');
    canvas.height = SVG_DRAW_HEIGHT;
    canvas.width = Math.max(1, Math.round(SVG_DRAW_HEIGHT * ratio));
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}
