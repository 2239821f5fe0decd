// The QR codes page's words, in English and Italian (the cards themselves speak the menu's
// default language: features/qr/codes.ts CARD_TEXTS).
import type { PanelLocale } from '../context.js';

const en = {
  title: 'QR codes',
  intro:
    'Diners scan these to open the menu. A table’s code adds the table to the address, so the analytics can say where diners scanned.',
  restaurant: 'The restaurant’s code',
  opens: 'Opens',
  alt: (link: string) => `QR code that opens ${link}`,
  png: 'PNG',
  svg: 'SVG (for a printer)',
  download: (what: string) => `Download ${what}`,
  tables: 'Tables',
  tablesLabel: 'Tables',
  tablesHint:
    'A range (1-12), names (terrace, bar) or both, separated by commas or spaces; letters, digits, - and _ only, up to 16 characters each; at most 200.',
  show: 'Show the codes',
  badTables: (names: string) => `These cannot be table names: ${names}`,
  tooMany: 'At most 200 tables at a time.',
  tableCard: (name: string) => `Table ${name}`,
  print: 'Download the table cards (A4 PDF)',
  printHint:
    'A PDF of A4 pages ready to print, four cards each, with your uploaded logo in the middle of each code, the colours of your theme, the restaurant’s name, the table and the address in words.',
  printPage: 'Or open them as a page to print from the browser',
};

export type QrTexts = typeof en;

const it: QrTexts = {
  title: 'Codici QR',
  intro:
    'I clienti li inquadrano per aprire il menu. Il codice di un tavolo aggiunge il tavolo all’indirizzo, così le statistiche dicono dove si è inquadrato.',
  restaurant: 'Il codice del locale',
  opens: 'Apre',
  alt: (link: string) => `Codice QR che apre ${link}`,
  png: 'PNG',
  svg: 'SVG (per la tipografia)',
  download: (what: string) => `Scarica ${what}`,
  tables: 'Tavoli',
  tablesLabel: 'Tavoli',
  tablesHint:
    'Un intervallo (1-12), dei nomi (terrazza, bar) o entrambi, separati da virgole o spazi; solo lettere, cifre, - e _, al massimo 16 caratteri ciascuno; al massimo 200.',
  show: 'Mostra i codici',
  badTables: (names: string) => `Questi non possono essere nomi di tavoli: ${names}`,
  tooMany: 'Al massimo 200 tavoli alla volta.',
  tableCard: (name: string) => `Tavolo ${name}`,
  print: 'Scarica i segnatavolo (PDF A4)',
  printHint:
    'Un PDF di fogli A4 pronto da stampare, quattro segnatavolo per foglio: il logo caricato al centro di ogni codice, i colori del tuo aspetto, il nome del locale, il tavolo e l’indirizzo scritto per esteso.',
  printPage: 'Oppure aprili come pagina da stampare dal browser',
};

export function qrTexts(locale: PanelLocale): QrTexts {
  return locale === 'it' ? it : en;
}
