// QR codes read back from a picture as a phone would: the PNG's pixels (sharp) decoded by jsQR.
import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text of the QR code in this PNG, or null when none can be read. */
export async function readQrCode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return code?.data ?? null;
}
