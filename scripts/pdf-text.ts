/**
 * A PDF's text page by page as pdf.js extracts it, joined as a reader's copy gives it: runs written one
 * after the other on a line are one word (a name in two fonts); a new line or a gap is a space. Read
 * by the leads bench and the PDF tests, which check the exported leads are in the file.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      let text = '';
      let end: { x: number; y: number } | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [x, y] = [item.transform[4] as number, item.transform[5] as number];
        const joined = end && Math.abs(end.y - y) < 0.5 && Math.abs(end.x - x) < 0.5;
        text += `${text && !joined ? ' ' : ''}${item.str}`;
        end = { x: x + item.width, y };
      }
      pages.push(text.replace(/\s+/g, ' '));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
