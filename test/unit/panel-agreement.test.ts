// Gender and number agreement of every panel message, in every panel language (issue 31, point 9).
// Every word table of the panel is read (a source file holding one that is not listed here fails),
// and every message of it that is a function is enumerated: each must be either listed with the
// nouns and counts it takes and the words that must agree with them in each language, or listed as
// taking none (names, addresses, times, labels, ordinals). A new message without its data fails, as
// does data for a message that is gone. Pictures (la foto, il logo, l'immagine di copertina) are
// nouns of their own keys, checked below too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyticsTexts } from '../../src/panel/analytics/texts.js';
import { PANEL_LOCALES, type PanelLocale } from '../../src/panel/context.js';
import { editorTexts } from '../../src/panel/editor-texts.js';
import { firstRunTexts } from '../../src/panel/first-run/texts.js';
import { optionTexts } from '../../src/panel/menu/options-texts.js';
import { scheduleTexts } from '../../src/panel/menu/schedule.js';
import { seenTexts } from '../../src/panel/menu/seen.js';
import { menuTexts } from '../../src/panel/menu/texts.js';
import { operatorTexts } from '../../src/panel/operator/texts.js';
import { errorPageTexts } from '../../src/panel/pages/error-page.js';
import { historyTexts } from '../../src/panel/pages/history-texts.js';
import { hoursTexts } from '../../src/panel/pages/hours.js';
import { importTexts } from '../../src/panel/pages/import-texts.js';
import { invitationWords } from '../../src/panel/pages/invitations.js';
import { previewTexts } from '../../src/panel/pages/preview.js';
import { qrTexts } from '../../src/panel/pages/qr-texts.js';
import { toCheckTexts } from '../../src/panel/pages/to-check.js';
import { webhooksTexts } from '../../src/panel/pages/webhooks-texts.js';
import { pictureTexts } from '../../src/panel/photos.js';
import { signupTexts } from '../../src/panel/signup/texts.js';
import { en } from '../../src/panel/texts-en.js';
import { it } from '../../src/panel/texts-it.js';

/** Every word table of the panel: its name in the keys below, the file it lives in, its words per language. */
const CATALOGUE: Record<string, { file: string; texts: (locale: PanelLocale) => object }> = {
  panel: { file: 'texts-en.ts', texts: (l) => (l === 'it' ? it : en) },
  panelIt: { file: 'texts-it.ts', texts: (l) => (l === 'it' ? it : en) },
  editor: { file: 'editor-texts.ts', texts: editorTexts },
  menu: { file: 'menu/texts.ts', texts: menuTexts },
  options: { file: 'menu/options-texts.ts', texts: optionTexts },
  seen: { file: 'menu/seen.ts', texts: seenTexts },
  schedule: { file: 'menu/schedule.ts', texts: scheduleTexts },
  history: { file: 'pages/history-texts.ts', texts: historyTexts },
  import: { file: 'pages/import-texts.ts', texts: importTexts },
  qr: { file: 'pages/qr-texts.ts', texts: qrTexts },
  webhooks: { file: 'pages/webhooks-texts.ts', texts: webhooksTexts },
  toCheck: { file: 'pages/to-check.ts', texts: toCheckTexts },
  hours: { file: 'pages/hours.ts', texts: hoursTexts },
  invitations: { file: 'pages/invitations.ts', texts: invitationWords },
  preview: { file: 'pages/preview.ts', texts: previewTexts },
  errorPage: { file: 'pages/error-page.ts', texts: errorPageTexts },
  firstRun: { file: 'first-run/texts.ts', texts: firstRunTexts },
  operator: { file: 'operator/texts.ts', texts: operatorTexts },
  signup: { file: 'signup/texts.ts', texts: signupTexts },
  analytics: { file: 'analytics/texts.ts', texts: analyticsTexts },
  pictures: { file: 'photos.ts', texts: pictureTexts },
};

/** One noun or count a message takes, and what must then be said in each language (a part of the message). */
interface Case {
  /** The noun or count, as a person reads the case ("1 sottosezione", "la cantina"). */
  takes: string;
  args: unknown[];
  says: Record<PanelLocale, string>;
}

const counted = (
  takes: (n: number) => string,
  args: (n: number) => unknown[],
  one: Record<PanelLocale, string>,
  many: Record<PanelLocale, string>,
): Case[] => [
  { takes: takes(1), args: args(1), says: one },
  { takes: takes(2), args: args(2), says: many },
];
const minutes = (key: string): Case[] =>
  counted(
    (n) => `${n} minute(s) (${key})`,
    (n) => [n, '12:00'],
    { it: 'Riprova tra 1 minuto,', en: 'Try again in 1 minute,' },
    { it: 'Riprova tra 2 minuti,', en: 'Try again in 2 minutes,' },
  );

/** Every message that takes a noun or a count, with each noun and count it takes. */
const AGREEMENT: Record<string, Case[]> = {
  'panel.fixErrors': counted(
    (n) => `${n} field(s)`,
    (n) => [n],
    { it: 'Un campo da correggere', en: 'One field needs' },
    { it: '2 campi da correggere', en: '2 fields need' },
  ),
  'panel.throttledEmail': minutes('e-mail'),
  'panel.throttledIp': minutes('address'),
  'panel.throttledPassword': minutes('password'),
  'panel.ageDays': [
    { takes: '0 days', args: [0], says: { it: 'oggi', en: 'today' } },
    ...counted(
      (n) => `${n} day(s)`,
      (n) => [n],
      { it: '1 giorno', en: '1 day' },
      { it: '2 giorni', en: '2 days' },
    ),
  ],
  // A row created or saved: il piatto, il gruppo (masculine); la sezione, la sottocategoria, la cantina, l'opzione (feminine).
  'editor.created': [
    ...['il piatto', 'il gruppo di opzioni'].map((takes) => ({
      takes,
      args: ['X', undefined, false],
      says: {
        it: '“X” è stato creato. Il menu pubblico lo mostra già.',
        en: '“X” was created. The public menu shows it now.',
      },
    })),
    ...['la sezione', 'la sottocategoria', 'la cantina', 'l’opzione'].map((takes) => ({
      takes,
      args: ['X', undefined, true],
      says: {
        it: '“X” è stata creata. Il menu pubblico la mostra già.',
        en: '“X” was created. The public menu shows it now.',
      },
    })),
  ],
  'editor.savedNamed': [
    { takes: 'il piatto', args: ['X', 'ok', false], says: { it: 'è stato salvato.', en: '“X” was saved.' } },
    { takes: 'la sezione', args: ['X', 'ok', true], says: { it: 'è stata salvata.', en: '“X” was saved.' } },
  ],
  'menu.dishCount': counted(
    (n) => `${n} dish(es)`,
    (n) => [n],
    { it: '1 piatto', en: '1 dish' },
    { it: '2 piatti', en: '2 dishes' },
  ),
  'menu.sectionNotEmpty': [
    {
      takes: '1 piatto',
      args: [1, 0],
      says: { it: '1 piatto: spostalo o eliminalo', en: '1 dish: move or delete it' },
    },
    {
      takes: '2 piatti',
      args: [2, 0],
      says: { it: '2 piatti: spostali o eliminali', en: '2 dishes: move or delete them' },
    },
    {
      takes: '1 sottosezione',
      args: [0, 1],
      says: { it: '1 sottosezione: spostala o eliminala', en: '1 sub-section: move or delete it' },
    },
    {
      takes: '2 sottosezioni',
      args: [0, 2],
      says: { it: '2 sottosezioni: spostale o eliminale', en: '2 sub-sections: move or delete them' },
    },
    {
      takes: '1 piatto e 1 sottosezione',
      args: [1, 1],
      says: {
        it: '1 piatto e 1 sottosezione: spostali o eliminali',
        en: '1 dish and 1 sub-section: move or delete them',
      },
    },
  ],
  // Said of a sub-category or a winery (both feminine: la sottocategoria, la cantina).
  'menu.usedByDishes': counted(
    (n) => `${n} dish(es)`,
    (n) => [n],
    { it: 'Un piatto la usa: scegline un’altra su quel piatto', en: '1 dish uses it: choose another one on that dish' },
    {
      it: '2 piatti la usano: scegline un’altra su quei piatti',
      en: '2 dishes use it: choose another one on those dishes',
    },
  ),
  'menu.usedBy': counted(
    (n) => `${n} wine(s)`,
    (n) => [n],
    { it: '1 vino', en: '1 wine' },
    { it: '2 vini', en: '2 wines' },
  ),
  'menu.searchFound': [
    { takes: '0 dishes', args: [0], says: { it: 'Nessun piatto trovato.', en: 'No dish found.' } },
    ...counted(
      (n) => `${n} dish(es)`,
      (n) => [n],
      { it: '1 piatto trovato.', en: '1 dish found.' },
      { it: '2 piatti trovati.', en: '2 dishes found.' },
    ),
  ],
  // How many options a diner picks: numbers alone, nothing agrees but the words around them.
  'options.rule': [
    { takes: 'no rule', args: [0, null], says: { it: 'quante se ne vuole', en: 'any number' } },
    { takes: 'at least 1', args: [1, null], says: { it: 'almeno 1', en: 'at least 1' } },
    { takes: 'exactly 1', args: [1, 1], says: { it: 'esattamente 1', en: 'exactly 1' } },
    { takes: 'up to 2', args: [0, 2], says: { it: 'fino a 2', en: 'up to 2' } },
    { takes: '1 to 3', args: [1, 3], says: { it: 'da 1 a 3', en: '1 to 3' } },
  ],
  'options.onDishes': counted(
    (n) => `${n} dish(es)`,
    (n) => [n],
    { it: 'su 1 piatto', en: 'on 1 dish' },
    { it: 'su 2 piatti', en: 'on 2 dishes' },
  ),
  'options.detachWarning': counted(
    (n) => `${n} dish(es), il gruppo`,
    (n) => [n],
    {
      it: 'Questo gruppo è su 1 piatto: eliminandolo lo togli anche da quel piatto.',
      en: 'This group is on 1 dish: deleting it takes it off that dish too.',
    },
    {
      it: 'Questo gruppo è su 2 piatti: eliminandolo lo togli anche da quei piatti.',
      en: 'This group is on 2 dishes: deleting it takes it off those dishes too.',
    },
  ),
  // What diners see of a saved row: a dish (lo), a section (la), a sub-category (la), a winery (la).
  'seen.sectionHidden': [
    { takes: 'il piatto', args: ['S'], says: { it: 'I clienti non lo vedono', en: 'Diners do not see it' } },
  ],
  'seen.sectionScheduledClosed': [
    {
      takes: 'il piatto',
      args: ['S', 'w'],
      says: { it: 'I clienti non lo vedono ora', en: 'Diners do not see it now' },
    },
  ],
  'seen.soldOutUntil': [
    {
      takes: 'il piatto',
      args: ['22:00'],
      says: { it: 'I clienti lo vedono segnato esaurito', en: 'Diners see it marked sold out' },
    },
  ],
  'seen.section.scheduledOpen': [
    { takes: 'la sezione', args: ['w'], says: { it: 'I clienti la vedono ora', en: 'Diners see it now' } },
  ],
  'seen.section.scheduledClosed': [
    { takes: 'la sezione', args: ['w'], says: { it: 'I clienti non la vedono ora', en: 'Diners do not see it now' } },
  ],
  'seen.subCategory.sectionHidden': [
    { takes: 'la sottocategoria', args: ['S'], says: { it: 'I clienti non la vedono', en: 'Diners do not see it' } },
  ],
  'seen.subCategory.sectionScheduledClosed': [
    {
      takes: 'la sottocategoria',
      args: ['S', 'w'],
      says: { it: 'I clienti non la vedono ora', en: 'Diners do not see it now' },
    },
  ],
  'seen.subCategory.notShown': [
    {
      takes: 'la sottocategoria',
      args: ['S'],
      says: { it: 'I clienti non la vedono come titolo', en: 'Diners do not see it as a heading' },
    },
  ],
  'seen.winery.now': counted(
    (n) => `la cantina, ${n} wine(s)`,
    (n) => [n],
    { it: 'I clienti la vedono già, con 1 vino.', en: 'Diners see it now, with 1 wine.' },
    { it: 'I clienti la vedono già, con 2 vini.', en: 'Diners see it now, with 2 wines.' },
  ),
  'history.page': counted(
    (n) => `${n} change(s)`,
    (n) => [1, 1, n],
    { it: '· 1 modifica', en: '· 1 change' },
    { it: '· 2 modifiche', en: '· 2 changes' },
  ),
  'import.pruneWarning': [
    {
      takes: '1 of 1 dish',
      args: [1, 1],
      says: { it: 'eliminerebbe l’unico piatto del menu', en: 'delete the only dish of the menu' },
    },
    {
      takes: '2 of 2 dishes',
      args: [2, 2],
      says: { it: 'tutti i piatti del menu (2)', en: 'every dish of the menu (2)' },
    },
    {
      takes: '2 of 3 dishes',
      args: [2, 3],
      says: { it: '2 dei 3 piatti del menu', en: '2 of the 3 dishes of the menu' },
    },
  ],
  'import.pruneConfirm': [
    { takes: '1 of 1 dish', args: [1, 1], says: { it: 'Sì, elimina l’unico piatto', en: 'Yes, delete the only dish' } },
    {
      takes: '1 of 2 dishes',
      args: [1, 2],
      says: { it: 'Sì, elimina 1 piatto su 2', en: 'Yes, delete 1 of 2 dishes' },
    },
    {
      takes: '2 of 3 dishes',
      args: [2, 3],
      says: { it: 'Sì, elimina 2 piatti su 3', en: 'Yes, delete 2 of 3 dishes' },
    },
  ],
  'import.pruneRefused': [
    {
      takes: '1 of 1 dish',
      args: [1, 1],
      says: { it: 'eliminerebbe l’unico piatto:', en: 'would delete the only dish:' },
    },
    {
      takes: '1 of 2 dishes',
      args: [1, 2],
      says: { it: 'eliminerebbe 1 piatto su 2:', en: 'would delete 1 of 2 dishes:' },
    },
    {
      takes: '2 of 3 dishes',
      args: [2, 3],
      says: { it: 'eliminerebbe 2 piatti su 3:', en: 'would delete 2 of 3 dishes:' },
    },
  ],
  'import.errorsTitle': counted(
    (n) => `${n} problem(s)`,
    (n) => [n],
    { it: 'Il file ha 1 problema', en: 'The file has 1 problem' },
    { it: 'Il file ha 2 problemi', en: 'The file has 2 problems' },
  ),
  'qr.rangeFor': counted(
    (n) => `${n} table(s)`,
    (n) => [n],
    { it: '1 tavolo', en: '1 table' },
    { it: '2 tavoli', en: '2 tables' },
  ),
  'firstRun.intro': counted(
    (n) => `${n} step(s) done`,
    (n) => [n, 7],
    { it: '1 su 7 fatto.', en: '1 of 7 done.' },
    { it: '2 su 7 fatti.', en: '2 of 7 done.' },
  ),
  'firstRun.loaded': counted(
    (n) => `${n} dish(es) in ${n} section(s)`,
    (n) => ['trattoria', n, n],
    { it: '1 piatto in 1 sezione.', en: '1 dish in 1 section.' },
    { it: '2 piatti in 2 sezioni.', en: '2 dishes in 2 sections.' },
  ),
  'operator.held': minutes('operator'),
  'operator.count': counted(
    (n) => `${n} restaurant(s)`,
    (n) => [n],
    { it: '1 ristorante (', en: '1 restaurant shown' },
    { it: '2 ristoranti (', en: '2 restaurants shown' },
  ),
  'operator.erased': counted(
    (n) => `${n} row(s)`,
    (n) => ['x', n],
    { it: '1 riga eliminata.', en: '1 row deleted.' },
    { it: '2 righe eliminate.', en: '2 rows deleted.' },
  ),
  'signup.throttled': minutes('sign-up'),
  'analytics.last': counted(
    (n) => `${n} day(s)`,
    (n) => [n],
    { it: 'Ultimo giorno', en: 'Last day' },
    { it: 'Ultimi 2 giorni', en: 'Last 2 days' },
  ),
  'analytics.dishesChart': counted(
    (n) => `${n} dish(es)`,
    (n) => [n],
    { it: 'Il piatto più visto', en: 'The most viewed dish' },
    { it: 'I 2 piatti più visti', en: 'The 2 most viewed dishes' },
  ),
  // The picture's own noun (Logo, Foto, Immagine di copertina): "attuale" is the same for both genders.
  'pictures.current': [
    { takes: 'il logo', args: ['Logo'], says: { it: 'Logo attuale', en: 'Current logo' } },
    { takes: 'la foto', args: ['Foto'], says: { it: 'Foto attuale', en: 'Current foto' } },
  ],
};

/**
 * Messages that take no noun and no count: names, e-mails, addresses, times, languages, currency
 * signs, and ordinals ("Line 3", "Price 2", "Exception 2", "Table 7": a label, not an amount).
 */
const NO_NOUN = new Set([
  'panel.loginIntro',
  'panel.resetMailSubject',
  'panel.resetMailText',
  'panel.unverified',
  'panel.verifyMailSubject',
  'panel.verifyMailText',
  'panel.domainPage.step1',
  'panel.domainPage.checkedAt',
  'panel.domainPage.verified',
  'panel.revokeConfirm',
  'panel.revoked',
  'panel.removeConfirm',
  'panel.removedUser',
  'panel.userAdded',
  'editor.deleteNamed',
  'editor.deleteConfirm',
  'menu.editSection',
  'menu.editWinery',
  'menu.editDish',
  'menu.editSubCategory',
  'menu.backToSection',
  'menu.editNamed',
  'menu.moveUpNamed',
  'menu.moveDownNamed',
  'menu.dragHandle',
  'menu.dishesOf',
  'menu.dinersSeeDefault',
  'menu.missingTranslations',
  'menu.nameIn',
  'menu.descriptionIn',
  'menu.translationsHint',
  'menu.notesIn',
  'menu.timeWindowHint',
  'menu.crossesMidnight',
  'menu.price',
  'menu.variantN',
  'menu.variantLabelIn',
  'menu.variantPrice',
  'menu.noSubCategoriesIn',
  'menu.wineryDescriptionIn',
  'menu.soldOutTonightNamed',
  'menu.soldOutHeldNamed',
  'menu.soldOutUntil',
  'menu.backOnSaleNamed',
  'menu.visibleNamed',
  'menu.priceOfNamed',
  'menu.savePriceNamed',
  'options.editGroup',
  'options.nameIn',
  'options.editOption',
  'options.priceChange',
  'options.setPrice',
  'schedule.to',
  'schedule.nextDay',
  'schedule.from',
  'schedule.until',
  'schedule.between',
  'history.token',
  'import.inSection',
  'import.notJson',
  'import.line',
  'import.cell',
  'import.sheetLine',
  'import.sheetCell',
  'import.sheetHeader',
  'import.documentField',
  'qr.alt',
  'qr.download',
  'qr.badTables',
  'qr.tableCard',
  'webhooks.deliveriesOf',
  'webhooks.rotateConfirm',
  'webhooks.deleteConfirm',
  'webhooks.ms',
  'webhooks.nextTry',
  'toCheck.intro',
  'hours.exception',
  'hours.closedNamed',
  'hours.copyToAllNamed',
  'invitations.sent',
  'invitations.sentAgain',
  'invitations.withdrawn',
  'invitations.resendNamed',
  'invitations.withdrawNamed',
  'invitations.mailSubject',
  'invitations.mailText',
  'invitations.acceptIntro',
  'preview.frame',
  'firstRun.template',
  'operator.suspendedDone',
  'operator.resumedDone',
  'operator.signupMode',
  'operator.made',
  'operator.limitHint',
  'operator.eraseConfirm',
  'signup.slugHint',
  'signup.slugAvailable',
  'signup.slugWritten',
  'signup.proposal',
  'signup.sent',
  'analytics.showing',
  'analytics.csvNamed',
  'analytics.chartLabel',
]);

/** Every message of a word table that is a function, by its path (`seen.winery.now`). */
function functionKeys(prefix: string, words: object): Map<string, (...args: unknown[]) => unknown> {
  const found = new Map<string, (...args: unknown[]) => unknown>();
  for (const [key, value] of Object.entries(words)) {
    if (typeof value === 'function') found.set(`${prefix}.${key}`, value as (...args: unknown[]) => unknown);
    else if (value !== null && typeof value === 'object')
      for (const [k, f] of functionKeys(`${prefix}.${key}`, value)) found.set(k, f);
  }
  return found;
}

/** Every message of every table in every panel language. `panelIt` is the same table as `panel`. */
function everyMessage(): Map<PanelLocale, Map<string, (...args: unknown[]) => unknown>> {
  return new Map(
    PANEL_LOCALES.map((locale) => {
      const all = new Map<string, (...args: unknown[]) => unknown>();
      for (const [name, { texts }] of Object.entries(CATALOGUE)) {
        if (name === 'panelIt') continue;
        for (const [k, f] of functionKeys(name, texts(locale))) all.set(k, f);
      }
      return [locale, all];
    }),
  );
}

test('every panel file holding words in several languages is read by this test', () => {
  const root = 'src/panel';
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  // A table of words: `const it = {` / `const it: X = {`, or an `it: {` member of a table by language.
  const holding = files(root)
    .filter((f) => /^(export )?const it\b[^=]*= \{|^ {2}it: \{/m.test(readFileSync(f, 'utf8')))
    .map((f) => f.slice(root.length + 1))
    .sort();
  const listed = new Set(Object.values(CATALOGUE).map((c) => c.file));
  assert.deepEqual(
    holding.filter((f) => !listed.has(f)),
    [],
    'word tables not in CATALOGUE (their messages would escape the agreement check)',
  );
});

test('every message that is a function has its agreement data, in every panel language', () => {
  const messages = everyMessage();
  for (const [locale, keys] of messages) {
    const missing = [...keys.keys()].filter((k) => !(k in AGREEMENT) && !NO_NOUN.has(k));
    assert.deepEqual(
      missing,
      [],
      `${locale}: messages without agreement data (AGREEMENT, or NO_NOUN if they take no noun or count)`,
    );
  }
  const known = new Set(messages.get('it')!.keys());
  const stale = [...Object.keys(AGREEMENT), ...NO_NOUN].filter((k) => !known.has(k));
  assert.deepEqual(stale, [], 'agreement data for messages that are gone');
  assert.deepEqual(
    Object.keys(AGREEMENT).filter((k) => NO_NOUN.has(k)),
    [],
    'a message is in one list only',
  );
  assert.ok(known.size > 100, `${known.size} messages found`);
});

test('each noun and count a message takes agrees with it, in every panel language', () => {
  const messages = everyMessage();
  const wrong: string[] = [];
  for (const [key, cases] of Object.entries(AGREEMENT)) {
    for (const locale of PANEL_LOCALES) {
      const say = messages.get(locale)!.get(key)!;
      for (const c of cases) {
        const said = String(say(...c.args));
        if (!said.includes(c.says[locale]))
          wrong.push(`${locale} ${key} (${c.takes}): “${said}” lacks “${c.says[locale]}”`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('pictures: each noun with its own agreement, in both languages', () => {
  const words = pictureTexts('it');
  const feminine = { photo: true, logo: false, cover: true };
  for (const kind of ['photo', 'logo', 'cover'] as const) {
    const f = feminine[kind];
    assert.match(words.saved[kind], f ? /salvata\.$/ : /salvato\.$/, kind);
    assert.match(words.removed[kind], f ? /rimossa\.$/ : /rimosso\.$/, kind);
    assert.match(words.removeQuestion[kind], f ? /non la vedranno/ : /non lo vedranno/, kind);
    assert.match(pictureTexts('en').saved[kind], /^[A-Z][a-z ]+ saved\.$/);
  }
  assert.equal(words.saved.logo, 'Logo salvato.');
});

test('success and a refusal are never said together for one form', async () => {
  const { notices } = await import('../../src/panel/editor-parts.js');
  const both = notices('“Caprese” was saved.', 'The file is larger than 10 MB.').toString();
  assert.doesNotMatch(both, /notice-success/);
  assert.match(both, /notice-error/);
  assert.match(notices('Saved.', undefined).toString(), /notice-success/);
});
