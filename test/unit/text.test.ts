// Text choice per locale, search folding and message locale negotiation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messageLocale } from '../../src/http/request-locale.js';
import { resolveLocale } from '../../src/i18n/locales.js';
import { foldText, pickText, searchWords } from '../../src/i18n/text.js';

test('pickText falls back to the default locale, then Italian, then any translation', () => {
  assert.equal(pickText({ it: 'Uova', en: 'Eggs' }, 'en', 'it'), 'Eggs');
  assert.equal(pickText({ it: 'Uova', en: 'Eggs' }, 'fr', 'en'), 'Eggs');
  assert.equal(pickText({ it: 'Uova', en: '' }, 'en', 'it'), 'Uova');
  assert.equal(pickText({ de: 'Eier' }, 'fr', 'en'), 'Eier');
  assert.equal(pickText({}, 'fr', 'en'), '');
});

test('resolveLocale: default when absent, Italian when unsupported', () => {
  assert.equal(resolveLocale(undefined, 'en'), 'en');
  assert.equal(resolveLocale('DE', 'en'), 'de');
  assert.equal(resolveLocale('pt', 'en'), 'it');
});

test('folding removes case and accents', () => {
  assert.equal(foldText('Caffè CRÈME brûlée'), 'caffe creme brulee');
  assert.equal(foldText('Weißwurst Œuf'), 'weisswurst oeuf');
  assert.deepEqual(searchWords('  Caffè   Latte '), ['caffe', 'latte']);
});

test('message locale follows Accept-Language among the five, else Italian', () => {
  assert.equal(messageLocale(undefined), 'it');
  assert.equal(messageLocale('en-US,en;q=0.9'), 'en');
  assert.equal(messageLocale('pt-BR, de;q=0.5'), 'de');
  assert.equal(messageLocale('fr;q=0.2, es;q=0.8'), 'es');
  assert.equal(messageLocale('ja'), 'it');
});
