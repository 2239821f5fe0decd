// QR codes of a restaurant's menu address, for the restaurant and per table (?table=12, which the
// page carries into analytics events), as SVG or PNG.
import QRCode from 'qrcode';

/** Table labels as diners' QR codes carry them: short, URL-safe. */
export const TABLE_LABEL = /^[A-Za-z0-9_-]{1,16}$/;

/** The address a QR code opens: the menu, with the table when there is one. */
export function menuLink(address: string, table?: string): string {
  return table ? `${address}/?table=${encodeURIComponent(table)}` : `${address}/`;
}

const options = { errorCorrectionLevel: 'M' as const, margin: 4 };

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...options, type: 'svg' });
}

export function qrPng(url: string, width = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...options, type: 'png', width });
}
