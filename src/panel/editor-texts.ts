// The one editor's own words (buttons, confirmations, what was just done), in English and Italian:
// every editor built on editor.ts says them the same way.
import type { PanelLocale } from './context.js';

const en = {
  create: 'Create',
  delete: 'Delete',
  deleteNamed: (name: string) => `Delete ${name}`,
  deleteConfirm: (name: string) => `Delete “${name}”? This cannot be undone.`,
  deleted: 'Deleted. The public menu no longer shows it.',
  /** `seen`: what diners see of it (panel/menu/seen.ts), when the editor can tell. */
  created: (name: string, seen?: string, _feminine?: boolean) =>
    `“${name}” was created. ${seen ?? 'The public menu shows it now.'}`,
  savedNamed: (name: string, seen?: string, _feminine?: boolean) =>
    `“${name}” was saved. ${seen ?? 'The public menu shows the change now.'}`,
  orderSaved: 'The new order is saved.',
};

export type EditorTexts = typeof en;

const it: EditorTexts = {
  create: 'Crea',
  delete: 'Elimina',
  deleteNamed: (name) => `Elimina ${name}`,
  deleteConfirm: (name) => `Eliminare “${name}”? L’operazione non si può annullare.`,
  deleted: 'Eliminato. Il menu pubblico non lo mostra più.',
  created: (name, seen, feminine) =>
    `“${name}” è stat${feminine ? 'a creata' : 'o creato'}. ${seen ?? `Il menu pubblico ${feminine ? 'la' : 'lo'} mostra già.`}`,
  savedNamed: (name, seen, feminine) =>
    `“${name}” è stat${feminine ? 'a salvata' : 'o salvato'}. ${seen ?? 'Il menu pubblico mostra già la modifica.'}`,
  orderSaved: 'Il nuovo ordine è salvato.',
};

export function editorTexts(locale: PanelLocale): EditorTexts {
  return locale === 'it' ? it : en;
}
