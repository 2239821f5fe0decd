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
  printPage: 'Open the cards as a page to print',
  printNow: 'Print',
  sheetHint: 'On paper: A4, four cards a page. Press Print, or your browser’s print command.',
  remembered: 'The tables you type are remembered for the next visit; every button uses what is typed now.',
  rangeFor: (count: number) => (count === 1 ? '1 table' : `${count} tables`),
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
  printPage: 'Apri i segnatavolo come pagina da stampare',
  printNow: 'Stampa',
  sheetHint: 'Su carta: A4, quattro segnatavolo per foglio. Premi Stampa, o il comando di stampa del browser.',
  remembered: 'I tavoli scritti qui restano per la prossima volta; ogni pulsante usa quello che è scritto ora.',
  rangeFor: (count: number) => (count === 1 ? '1 tavolo' : `${count} tavoli`),
};

export function qrTexts(locale: PanelLocale): QrTexts {
  return locale === 'it' ? it : en;
}
