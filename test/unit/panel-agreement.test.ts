// Gender and number agreement of the panel's messages, over every message that takes a noun or a
// count, in each panel language: a picture saved or removed (la foto, il logo, l'immagine di
// copertina), a row created or saved by each editor (il piatto; la sezione, la sottocategoria, la
// cantina), what diners see of a section (la) or a dish (lo), and every count of one and of many
// (1 piatto / 2 piatti, 1 modifica / 2 modifiche, 1 tavolo / 2 tavoli, 1 dish / 2 dishes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editorTexts } from '../../src/panel/editor-texts.js';
import { menuTexts } from '../../src/panel/menu/texts.js';
import { historyTexts } from '../../src/panel/pages/history-texts.js';
import { qrTexts } from '../../src/panel/pages/qr-texts.js';
import { pictureTexts } from '../../src/panel/photos.js';

const KINDS = ['photo', 'logo', 'cover'] as const;

test('pictures: each noun with its own agreement, in both languages', () => {
  const it = pictureTexts('it');
  const feminine = { photo: true, logo: false, cover: true };
  for (const kind of KINDS) {
    const f = feminine[kind];
    assert.match(it.saved[kind], f ? /salvata\.$/ : /salvato\.$/, kind);
    assert.match(it.removed[kind], f ? /rimossa\.$/ : /rimosso\.$/, kind);
    assert.match(it.removeQuestion[kind], f ? /non la vedranno/ : /non lo vedranno/, kind);
    assert.match(pictureTexts('en').saved[kind], /^[A-Z][a-z ]+ saved\.$/);
  }
  assert.equal(it.saved.logo, 'Logo salvato.');
});

test('a row created or saved: masculine for a dish, feminine for a section, sub-category, winery', () => {
  const it = editorTexts('it');
  for (const [noun, feminine] of [
    ['piatto', false],
    ['sezione', true],
    ['sottocategoria', true],
    ['cantina', true],
  ] as const) {
    const created = it.created('X', undefined, feminine);
    const saved = it.savedNamed('X', 'ok', feminine);
    assert.match(
      created,
      feminine
        ? /è stata creata\. Il menu pubblico la mostra già\./
        : /è stato creato\. Il menu pubblico lo mostra già\./,
      noun,
    );
    assert.match(saved, feminine ? /è stata salvata\./ : /è stato salvato\./, noun);
  }
  const en = editorTexts('en');
  assert.equal(en.created('Pranzo', undefined, true), '“Pranzo” was created. The public menu shows it now.');
});

test('every count: one and many', () => {
  const cases: [string, (n: number) => string, string, string][] = [
    ['menu it dishCount', menuTexts('it').dishCount, '1 piatto', '2 piatti'],
    ['menu en dishCount', menuTexts('en').dishCount, '1 dish', '2 dishes'],
    ['search it', menuTexts('it').searchFound, '1 piatto trovato.', '2 piatti trovati.'],
    ['search en', menuTexts('en').searchFound, '1 dish found.', '2 dishes found.'],
    ['qr it', qrTexts('it').rangeFor, '1 tavolo', '2 tavoli'],
    ['qr en', qrTexts('en').rangeFor, '1 table', '2 tables'],
    ['history it', (n) => historyTexts('it').page(1, 1, n), '· 1 modifica', '· 2 modifiche'],
    ['history en', (n) => historyTexts('en').page(1, 1, n), '· 1 change', '· 2 changes'],
  ];
  for (const [name, say, one, many] of cases) {
    assert.ok(say(1).endsWith(one), `${name}: ${say(1)}`);
    assert.ok(say(2).endsWith(many), `${name}: ${say(2)}`);
  }
});

test('success and a refusal are never said together for one form', async () => {
  const { notices } = await import('../../src/panel/editor-parts.js');
  const both = notices('“Caprese” was saved.', 'The file is larger than 10 MB.').toString();
  assert.doesNotMatch(both, /notice-success/);
  assert.match(both, /notice-error/);
  assert.match(notices('Saved.', undefined).toString(), /notice-success/);
});
