// The words of the first-run checklist and its templates, in the panel's two languages.
import type { PanelLocale } from '../context.js';
import type { TemplateKind } from './templates.js';

const en = {
  title: 'Get started',
  intro: (done: number, total: number) => `${done} of ${total} done. This list stays here until everything is done.`,
  done: 'Done',
  skip: 'Skip this step',
  verify: 'Confirm your e-mail',
  verifyText: 'Open the link we sent you. The menu can go public only after that.',
  languages: 'Languages of the menu',
  languagesText: 'Diners read the menu in these languages; the first is the one every dish needs.',
  languagesSave: 'Save the languages',
  menu: 'Your menu',
  menuText: 'Start from a template in your language and change it, import a file, or add dishes yourself.',
  template: (kind: string) => `Start from the ${kind} menu`,
  importFile: 'Import a file',
  addDishes: 'Add dishes yourself',
  photo: 'A photo',
  photoText: 'A dish’s photo, your logo or a cover picture makes the menu yours.',
  photoLink: 'Add a photo to a dish',
  hours: 'Opening hours',
  hoursText: 'Diners and search engines see when you are open.',
  hoursLink: 'Set the opening hours',
  qr: 'Print QR cards',
  qrText: 'One card per table: diners scan it and read the menu.',
  qrLink: 'Print the table cards',
  public: 'Go public',
  publicText: 'Diners can open the menu from then on. You can switch it off in Settings at any time.',
  publicButton: 'Put the menu online',
  publicNeedsVerify: 'Confirm your e-mail first: the menu can go public only after that.',
  loaded: (kind: string, dishes: number, sections: number) =>
    `The ${kind} menu is loaded: ${dishes} dish${dishes === 1 ? '' : 'es'} in ${sections} section${sections === 1 ? '' : 's'}. Change names and prices in Menu.`,
  online: 'The menu is online.',
  kinds: { trattoria: 'trattoria', pizzeria: 'pizzeria', bar: 'bar' } satisfies Record<TemplateKind, string>,
};

export type FirstRunTexts = typeof en;

const it: FirstRunTexts = {
  title: 'Per cominciare',
  intro: (done: number, total: number) =>
    `${done} su ${total} fatt${done === 1 ? 'o' : 'i'}. Questo elenco resta qui finché non è tutto fatto.`,
  done: 'Fatto',
  skip: 'Salta questo passo',
  verify: 'Conferma la tua e-mail',
  verifyText: 'Apri il link che ti abbiamo mandato. Il menu può andare online solo dopo.',
  languages: 'Lingue del menu',
  languagesText: 'I clienti leggono il menu in queste lingue; la prima è quella che ogni piatto deve avere.',
  languagesSave: 'Salva le lingue',
  menu: 'Il tuo menu',
  menuText: 'Parti da un modello nella tua lingua e cambialo, importa un file o aggiungi i piatti tu.',
  template: (kind: string) => `Parti dal menu da ${kind}`,
  importFile: 'Importa un file',
  addDishes: 'Aggiungi i piatti tu',
  photo: 'Una foto',
  photoText: 'La foto di un piatto, il logo o un’immagine di copertina rendono il menu tuo.',
  photoLink: 'Aggiungi una foto a un piatto',
  hours: 'Orari di apertura',
  hoursText: 'Clienti e motori di ricerca vedono quando sei aperto.',
  hoursLink: 'Imposta gli orari',
  qr: 'Stampa i QR code',
  qrText: 'Un cartoncino per tavolo: i clienti lo inquadrano e leggono il menu.',
  qrLink: 'Stampa i cartoncini',
  public: 'Vai online',
  publicText: 'Da quel momento i clienti possono aprire il menu. Puoi spegnerlo dalle Impostazioni quando vuoi.',
  publicButton: 'Metti online il menu',
  publicNeedsVerify: 'Prima conferma la tua e-mail: il menu può andare online solo dopo.',
  loaded: (kind: string, dishes: number, sections: number) =>
    `Il menu da ${kind} è caricato: ${dishes} piatt${dishes === 1 ? 'o' : 'i'} in ${sections} sezion${sections === 1 ? 'e' : 'i'}. Cambia nomi e prezzi in Menu.`,
  online: 'Il menu è online.',
  kinds: { trattoria: 'trattoria', pizzeria: 'pizzeria', bar: 'bar' },
};

export function firstRunTexts(locale: PanelLocale): FirstRunTexts {
  return locale === 'it' ? it : en;
}
