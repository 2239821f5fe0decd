// The import and export page's words, in English and Italian (kept beside the page, like the menu
// editor's).
import type { PanelLocale } from '../context.js';

const en = {
  title: 'Import and export',
  intro:
    'Take the whole menu out as a file, or bring one in: first a preview of what would change, then one click applies it all at once (or nothing, if any row has a problem).',
  exportTitle: 'Download the menu',
  exportJson: 'Whole menu (JSON)',
  exportJsonHelp:
    'Sections, sub-sections, sub-categories, dishes and wineries in every language: a backup, or a copy for another restaurant.',
  exportCsv: 'Dishes as a spreadsheet (CSV)',
  exportCsvHelp:
    'One row per dish, a column per language and per allergen. Edit it in Excel or LibreOffice and import it back.',
  exportXlsx: 'Dishes as an Excel workbook (.xlsx)',
  exportXlsxHelp:
    'The same columns as the CSV, prices as numbers, allergens marked with x; more sheets hold the sections, sub-categories, wineries and options. Edit any of them (rename a section, add a winery…) and import it back.',
  exportOptions: 'Options and add-ons as a spreadsheet (CSV)',
  exportOptionsHelp:
    'One row per option, with its group (how many a diner picks) and its price change. Edit it and import it back here: it changes options only. Dishes name their groups in the dishes’ file, column option_groups.',
  separator: 'Separator',
  semicolon: 'Semicolon (Excel in Italian)',
  comma: 'Comma (Excel in English, Google Sheets)',
  download: 'Download CSV',
  importTitle: 'Import a file',
  importHelp:
    'A JSON file downloaded here (or made by your POS), an Excel workbook (.xlsx) downloaded here, or dishes as a CSV in any encoding Excel saves. Rows are matched by their id or external id; rows without one are created. At most 10 MiB.',
  file: 'File',
  wholeFile: 'The whole file',
  deletedTitle: 'What the import deletes',
  changesTitle: 'What the import creates and changes',
  createdRow: 'new',
  inSection: (section: string) => `in “${section}”`,
  changedRow: 'changed',
  pruneWarning: (deleted: number, total: number) =>
    total === 1
      ? 'This file would delete the only dish of the menu.'
      : deleted === total
        ? `This file would delete every dish of the menu (${deleted}).`
        : `This file would delete ${deleted} of the ${total} dishes of the menu.`,
  pruneConfirm: (deleted: number, total: number) =>
    total === 1 ? 'Yes, delete the only dish' : `Yes, delete ${deleted} of ${total} dishes`,
  pruneRefused: (deleted: number, total: number) =>
    `The import would delete ${total === 1 ? 'the only dish' : `${deleted} of ${total} dishes`}: preview the file again and tick the confirmation to apply it.`,
  prune:
    'Delete what the file leaves out (sections, dishes, sub-categories, wineries and option groups not in the file)',
  pruneCsv:
    'Only the kinds of rows the file holds: a CSV of dishes deletes the dishes it leaves out, the options’ CSV the option groups and options, an Excel workbook what each of its sheets leaves out. The preview lists every row deleted, by name.',
  preview: 'Preview the changes',
  ownersOnly: 'Only the restaurant’s owners can import a menu.',
  noFile: 'Choose a file first.',
  draftGone:
    'This preview is no longer waiting to be applied (applied already, or older than an hour). Choose the file again to preview it.',
  notJson: (message: string) => `The file is not valid JSON: ${message}`,
  previewTitle: 'What this file would change',
  previewNothing: 'This file matches the menu as it is: importing it would change nothing.',
  previewIntro: 'Nothing has been changed yet. This is what importing the file would do:',
  kind: 'Rows',
  created: 'Created',
  changed: 'Changed',
  deleted: 'Deleted',
  unchanged: 'Unchanged',
  wineries: 'Wineries',
  sections: 'Sections',
  sub_categories: 'Sub-categories',
  option_groups: 'Option groups',
  options: 'Options',
  items: 'Dishes',
  apply: 'Apply these changes',
  startOver: 'Choose another file',
  errorsTitle: (n: number) => (n === 1 ? 'The file has 1 problem' : `The file has ${n} problems`),
  errorsIntro: 'Nothing was changed. Correct the file and import it again.',
  where: 'Where',
  problem: 'Problem',
  line: (n: number) => `Line ${n}`,
  cell: (n: number, column: string) => `Row ${n}, column “${column}”`,
  /** A row of a workbook's other sheets (Sections, Sub-categories, Wineries, Options), named as the file names it. */
  sheetLine: (sheet: string, n: number) => `Sheet “${sheet}”, row ${n}`,
  sheetCell: (sheet: string, n: number, column: string) => `Sheet “${sheet}”, row ${n}, column “${column}”`,
  sheetHeader: (sheet: string) => `Header line of the sheet “${sheet}”`,
  notWinery: 'is not a winery of this menu',
  notPrice: 'is not a price (write it as 12.50 or 12,50)',
  notPriceJson: 'is not a price (a number of at least 0 with at most two decimals, such as 12.5)',
  documentField: (name: string, field: string) => (name ? `“${name}”, field “${field}”` : `field “${field}”`),
  notSection: 'is not a section of this menu',
  notSubCategory: 'is not a sub-category of that section',
  cellEmpty: 'is empty, and this column needs a value',
  header: 'Header line',
  applied: 'The file was imported. The public menu and the API show the changes now.',
  appliedNothing: 'The file matched the menu: nothing was changed.',
};

export type ImportTexts = typeof en;

const it: ImportTexts = {
  title: 'Importa ed esporta',
  intro:
    'Scarica tutto il menu in un file, oppure caricane uno: prima un’anteprima di cosa cambierebbe, poi un clic applica tutto in una volta (o niente, se una riga ha un problema).',
  exportTitle: 'Scarica il menu',
  exportJson: 'Tutto il menu (JSON)',
  exportJsonHelp:
    'Sezioni, sottosezioni, sottocategorie, piatti e cantine in tutte le lingue: una copia di sicurezza, o per un altro locale.',
  exportCsv: 'Piatti come foglio di calcolo (CSV)',
  exportCsvHelp:
    'Una riga per piatto, una colonna per lingua e per allergene. Modificalo in Excel o LibreOffice e reimportalo.',
  exportXlsx: 'Piatti come cartella di lavoro Excel (.xlsx)',
  exportXlsxHelp:
    'Le stesse colonne del CSV, prezzi come numeri, allergeni segnati con x; altri fogli contengono sezioni, sottocategorie, cantine e opzioni. Modificane uno qualsiasi (rinomina una sezione, aggiungi una cantina…) e reimportalo.',
  exportOptions: 'Opzioni e aggiunte come foglio di calcolo (CSV)',
  exportOptionsHelp:
    'Una riga per opzione, con il suo gruppo (quante il cliente ne sceglie) e la variazione di prezzo. Modificalo e reimportalo qui: cambia solo le opzioni. I piatti indicano i loro gruppi nel file dei piatti, colonna option_groups.',
  separator: 'Separatore',
  semicolon: 'Punto e virgola (Excel in italiano)',
  comma: 'Virgola (Excel in inglese, Google Fogli)',
  download: 'Scarica CSV',
  importTitle: 'Importa un file',
  importHelp:
    'Un file JSON scaricato qui (o prodotto dalla cassa), una cartella di lavoro Excel (.xlsx) scaricata qui, oppure i piatti come CSV in qualunque codifica salvi Excel. Le righe sono riconosciute dall’id o dall’id esterno; quelle senza vengono create. Al massimo 10 MiB.',
  file: 'File',
  wholeFile: 'Tutto il file',
  deletedTitle: 'Cosa elimina l’importazione',
  changesTitle: 'Cosa crea e cambia l’importazione',
  createdRow: 'nuovo',
  inSection: (section: string) => `in “${section}”`,
  changedRow: 'modificato',
  pruneWarning: (deleted: number, total: number) =>
    total === 1
      ? 'Questo file eliminerebbe l’unico piatto del menu.'
      : deleted === total
        ? `Questo file eliminerebbe tutti i piatti del menu (${deleted}).`
        : `Questo file eliminerebbe ${deleted} dei ${total} piatti del menu.`,
  pruneConfirm: (deleted: number, total: number) =>
    total === 1 ? 'Sì, elimina l’unico piatto' : `Sì, elimina ${deleted} piatt${deleted === 1 ? 'o' : 'i'} su ${total}`,
  pruneRefused: (deleted: number, total: number) =>
    `L’importazione eliminerebbe ${total === 1 ? 'l’unico piatto' : `${deleted} piatt${deleted === 1 ? 'o' : 'i'} su ${total}`}: mostra di nuovo le modifiche e spunta la conferma per applicarla.`,
  prune:
    'Elimina ciò che il file non contiene (sezioni, piatti, sottocategorie, cantine e gruppi di opzioni assenti dal file)',
  pruneCsv:
    'Solo i tipi di righe che il file contiene: un CSV dei piatti elimina i piatti che non elenca, il CSV delle opzioni i gruppi e le opzioni, una cartella Excel ciò che ciascuno dei suoi fogli non elenca. L’anteprima elenca per nome ogni riga eliminata.',
  preview: 'Mostra le modifiche',
  ownersOnly: 'Solo i titolari del locale possono importare un menu.',
  noFile: 'Scegli prima un file.',
  draftGone:
    'Questa anteprima non è più in attesa (già applicata, o più vecchia di un’ora). Scegli di nuovo il file per vederne l’anteprima.',
  notJson: (message: string) => `Il file non è un JSON valido: ${message}`,
  previewTitle: 'Cosa cambierebbe questo file',
  previewNothing: 'Questo file corrisponde al menu attuale: importarlo non cambierebbe nulla.',
  previewIntro: 'Non è ancora cambiato nulla. Ecco cosa farebbe l’importazione del file:',
  kind: 'Righe',
  created: 'Create',
  changed: 'Modificate',
  deleted: 'Eliminate',
  unchanged: 'Invariate',
  wineries: 'Cantine',
  sections: 'Sezioni',
  sub_categories: 'Sottocategorie',
  option_groups: 'Gruppi di opzioni',
  options: 'Opzioni',
  items: 'Piatti',
  apply: 'Applica queste modifiche',
  startOver: 'Scegli un altro file',
  errorsTitle: (n: number) => (n === 1 ? 'Il file ha 1 problema' : `Il file ha ${n} problemi`),
  errorsIntro: 'Non è cambiato nulla. Correggi il file e importalo di nuovo.',
  where: 'Dove',
  problem: 'Problema',
  line: (n: number) => `Riga ${n}`,
  cell: (n: number, column: string) => `Riga ${n}, colonna “${column}”`,
  sheetLine: (sheet: string, n: number) => `Foglio “${sheet}”, riga ${n}`,
  sheetCell: (sheet: string, n: number, column: string) => `Foglio “${sheet}”, riga ${n}, colonna “${column}”`,
  sheetHeader: (sheet: string) => `Riga di intestazione del foglio “${sheet}”`,
  notWinery: 'non è una cantina di questo menu',
  notPrice: 'non è un prezzo (scrivilo come 12,50 o 12.50)',
  notPriceJson: 'non è un prezzo (un numero da 0 in su con al massimo due decimali, come 12.5)',
  documentField: (name: string, field: string) => (name ? `“${name}”, campo “${field}”` : `campo “${field}”`),
  notSection: 'non è una sezione di questo menu',
  notSubCategory: 'non è una sottocategoria di quella sezione',
  cellEmpty: 'è vuota, e questa colonna vuole un valore',
  header: 'Riga di intestazione',
  applied: 'Il file è stato importato. Il menu pubblico e l’API mostrano già le modifiche.',
  appliedNothing: 'Il file corrispondeva al menu: non è cambiato nulla.',
};

export function importTexts(locale: PanelLocale): ImportTexts {
  return locale === 'it' ? it : en;
}
