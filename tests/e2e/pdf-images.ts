// The raster images embedded in a PDF that Chromium printed (Skia writes each as an image XObject,
// Flate-compressed 8-bit gray or RGB), as RGBA pixels a QR decoder (jsQR) can read. Only what our
// posters need: no JPEG (DCT) images, no PNG predictors, no indexed colour. The colour space may be
// an ICC profile, so the channel count comes from the pixel data's size.
import { inflateSync } from "node:zlib";

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const num = (dict: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dict)?.[1] ?? NaN);

export function pdfImages(pdf: Buffer): RgbaImage[] {
  const text = pdf.toString("latin1");
  const images: RgbaImage[] = [];
  for (const m of text.matchAll(/\/Subtype\s*\/Image/g)) {
    const start = text.lastIndexOf(" obj", m.index);
    const streamAt = text.indexOf("stream", m.index);
    if (start < 0 || streamAt < 0) continue;
    const dict = text.slice(start, streamAt);
    if (/\/SMask\s*true|\/ImageMask\s+true/.test(dict) || /DCTDecode/.test(dict)) continue;
    const width = num(dict, "Width");
    const height = num(dict, "Height");
    if (!width || !height || num(dict, "BitsPerComponent") !== 8) continue;
    let from = streamAt + "stream".length;
    if (text[from] === "\r") from++;
    if (text[from] === "\n") from++;
    const to = text.indexOf("endstream", from);
    let raw = pdf.subarray(from, to);
    if (/FlateDecode/.test(dict)) raw = inflateSync(raw, { finishFlush: 2 });
    const channels = raw.length / (width * height);
    if (![1, 3].includes(channels)) continue;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) data[i * 4 + c] = raw[i * channels + (channels === 3 ? c : 0)];
      data[i * 4 + 3] = 255;
    }
    images.push({ width, height, data });
  }
  return images;
}
