// QR codes of a restaurant's menu address, for the restaurant and per table (?table=12, which the
// page carries into analytics events), as SVG or PNG. Error correction H (30% of the code may be
// lost): a logo in the middle of a printed table card, a fold or a stain still scans.
import QRCode from 'qrcode';
import type { Locale } from '../../i18n/locales.js';

/** The words on a table card, in the restaurant's default locale. */
export const CARD_TEXTS: Record<Locale, { table: string; scan: string }> = {
  it: { table: 'Tavolo', scan: 'Inquadra il codice per il menu, allergeni inclusi' },
  en: { table: 'Table', scan: 'Scan for the menu, allergens included' },
  fr: { table: 'Table', scan: 'Scannez pour la carte, allergènes compris' },
  de: { table: 'Tisch', scan: 'Scannen für die Speisekarte mit Allergenen' },
  es: { table: 'Mesa', scan: 'Escanee para ver la carta con alérgenos' },
};

/** Table labels as diners' QR codes carry them: short, URL-safe. */
export const TABLE_LABEL = /^[A-Za-z0-9_-]{1,16}$/;

/** The address a QR code opens: the menu, with the table when there is one. */
export function menuLink(address: string, table?: string): string {
  return table ? `${address}/?table=${encodeURIComponent(table)}` : `${address}/`;
}

const options = { errorCorrectionLevel: 'H' as const, margin: 4 };

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...options, type: 'svg' });
}

/** This module, for the worker pool that runs `qrSvgs` off the request thread. */
export const QR_CODES_MODULE = import.meta.url;

/** The SVG codes of many links (run by a worker: features/qr/svg-codes.ts). */
export function qrSvgs(urls: string[]): Promise<string[]> {
  return Promise.all(urls.map((url) => qrSvg(url)));
}

/** The code's modules: `size` × `size`, `dark(row, col)` for each (quiet zone not included). */
export function qrModules(url: string): { size: number; dark(row: number, col: number): boolean } {
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: options.errorCorrectionLevel }).modules;
  return { size, dark: (row, col) => data[row * size + col] === 1 };
}

export function qrPng(url: string, width = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...options, type: 'png', width });
}
