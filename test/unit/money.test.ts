// The money module: prices read as people type them, and written per language and currency.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currencySign, formatAmount, formatPrice, fromCents, machinePrice, parsePrice } from '../../src/i18n/money.js';

// Intl writes a no-break space (U+00A0) between the amount and the sign in Italian.
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

test('parsePrice reads the ways people type a price', () => {
  assert.equal(parsePrice('12,50'), 12.5);
  assert.equal(parsePrice('12.50'), 12.5);
  assert.equal(parsePrice('12,5'), 12.5);
  assert.equal(parsePrice('1.234,50'), 1234.5);
  assert.equal(parsePrice('1,234.50'), 1234.5);
  assert.equal(parsePrice('1.234.567'), 1234567);
  assert.equal(parsePrice("1'234.50"), 1234.5);
  assert.equal(parsePrice('€ 12'), 12);
  assert.equal(parsePrice(' € 9 '), 9);
  assert.equal(parsePrice('12 €'), 12);
  assert.equal(parsePrice('12,50\u00a0€'), 12.5);
  assert.equal(parsePrice('EUR 7,00'), 7);
  assert.equal(parsePrice('CHF 7.5'), 7.5);
  assert.equal(parsePrice('.5'), 0.5);
  assert.equal(parsePrice('0'), 0);
});

test('parsePrice: empty is undefined; what is not a price comes back as typed for the API rule to name', () => {
  assert.equal(parsePrice(''), undefined);
  assert.equal(parsePrice('   '), undefined);
  assert.equal(parsePrice('dodici'), 'dodici');
  assert.equal(parsePrice('1,2,3'), '1,2,3');
  assert.equal(parsePrice('12abc'), '12abc');
  assert.equal(parsePrice('€'), '€');
  // More than two decimals stays a number, so the API's "at most 2 decimals" rule reports it.
  assert.equal(parsePrice('12,505'), 12.505);
  // Negative numbers too: the API's minimum says what is wrong.
  assert.equal(parsePrice('-3'), -3);
});

test('formatPrice writes the price in the language and currency (Intl)', () => {
  assert.equal(spaces(formatPrice(12.5, 'it', 'EUR')), '12,50 €');
  assert.equal(formatPrice(12.5, 'en', 'EUR'), '€12.50');
  assert.equal(spaces(formatPrice(1234.5, 'de', 'EUR')), '1.234,50 €');
  assert.equal(spaces(formatPrice(9, 'fr', 'CHF')), '9,00 CHF');
  assert.equal(formatPrice(9, 'en', 'USD'), '$9.00');
  // No currency, or one Intl does not know: euros.
  assert.equal(formatPrice(3, 'en', ''), '€3.00');
  assert.equal(formatPrice(3, 'en', 'XX'), '€3.00');
});

test('formatAmount is what a price field shows, and parsePrice reads it back', () => {
  assert.equal(formatAmount(12.5, 'it'), '12,50');
  assert.equal(formatAmount(1234.5, 'it'), '1234,50');
  assert.equal(formatAmount(12.5, 'en'), '12.50');
  for (const locale of ['it', 'en', 'fr', 'de', 'es']) {
    for (const value of [0, 0.5, 9.99, 1234.5]) assert.equal(parsePrice(formatAmount(value, locale)), value);
  }
});

test('currencySign, machinePrice and fromCents', () => {
  assert.equal(currencySign('it', 'EUR'), '€');
  assert.equal(currencySign('en', 'USD'), '$');
  assert.equal(currencySign('it', undefined), '€');
  assert.equal(machinePrice(12.5), '12.50');
  assert.equal(fromCents(1250), 12.5);
});
