// Gender agreement of the API's Italian messages where the panel shows them (issue 31, point 9).
// The panel names a field by its label ("Sezione", "Sottocategoria", "Prezzo"), so a message that
// makes the field its subject cannot follow it with a word that agrees in gender ("Sezione
// selezionato non è valido"): such a message names the field through a noun of its own ("il campo
// :attribute", "la cella :attribute"), whose gender is fixed, or says nothing that agrees with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMessage, type MessageKey, messages } from '../../src/i18n/messages.js';

/** Italian words that take the gender of their noun (participles and adjectives the catalogue uses). */
const AGREEING =
  /\b(?:selezionat|scelt|valid|utilizzat|usat|stat|richiest|consentit|ammess|obbligatori|salvat|vuot|pien|corrett|errat|supportat)[oaie]\b/gi;

/** Where such a word agrees with a noun of the message itself, not with the field: key → the words and that noun. */
const AGREES_WITH_OWN_NOUN: Partial<Record<MessageKey, string>> = {
  date: '“una data valida”: valida is the date’s',
};

test('no Italian message makes the field its subject and then agrees with it in gender', () => {
  const wrong: string[] = [];
  for (const [key, template] of Object.entries(messages.it) as [MessageKey, string][]) {
    if (!/:attribute/i.test(template) || AGREES_WITH_OWN_NOUN[key]) continue;
    // The field introduced by a noun of fixed gender: whatever agrees, agrees with that noun.
    if (/\b(?:il campo|del campo|nel campo|la cella) :attribute\b/i.test(template)) continue;
    const words = template.match(AGREEING);
    if (words) wrong.push(`${key}: “${template}” (${words.join(', ')})`);
  }
  assert.deepEqual(wrong, [], 'these messages agree with a field whose gender they cannot know');
});

test('every exception still holds: the message says what its exception says', () => {
  for (const key of Object.keys(AGREES_WITH_OWN_NOUN) as MessageKey[]) {
    assert.match(messages.it[key], AGREEING, `${key} has no agreeing word any more: drop it from the exceptions`);
  }
});

test('the messages the panel shows most read well with a feminine and a masculine label', () => {
  for (const attribute of ['Sezione', 'Sottocategoria', 'Prezzo']) {
    assert.equal(formatMessage('it', 'in', { attribute }), `Il valore scelto per il campo ${attribute} non è valido.`);
    assert.equal(
      formatMessage('it', 'in_list', { attribute, values: 'a, b' }),
      `Il valore scelto per il campo ${attribute} non è valido. Valori ammessi: a, b.`,
    );
    assert.equal(formatMessage('it', 'unique', { attribute }), `Il valore del campo ${attribute} è già in uso.`);
  }
  assert.equal(
    formatMessage('it', 'email', { attribute: 'E-mail' }),
    'Il campo E-mail deve essere un indirizzo e-mail valido.',
  );
  assert.equal(
    formatMessage('it', 'type_of_other_section', { attribute: 'Sottocategoria' }),
    "La sottocategoria scelta nel campo Sottocategoria appartiene a un'altra sezione: scegline una della sezione del piatto.",
  );
});
