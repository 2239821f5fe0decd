// The words of the sign-up pages on the base address, in the panel's two languages.
import type { PanelLocale } from '../context.js';
import type { SignupProblem } from './service.js';

const en = {
  title: 'Put your menu online',
  product: 'Menu',
  intro:
    'A page for your diners in their language, QR codes for the tables and a panel to change the menu whenever you like. It takes a few minutes.',
  name: 'Restaurant name',
  slug: 'Address of your menu',
  slugHint: (base: string) => `Letters, digits and hyphens. For example: trattoria-mario.${base}.`,
  slugChecking: 'Checking…',
  slugAvailable: (address: string) => `${address} is available.`,
  slugWritten: (slug: string) => `It will be written “${slug}”.`,
  country: 'Country',
  countryHint: 'It proposes the menu’s language, currency and time zone; you can change them later.',
  proposal: (language: string, currency: string, timezone: string) =>
    `Menu in ${language}, prices in ${currency}, time zone ${timezone}.`,
  email: 'Your e-mail',
  emailHint: 'We send a link to confirm it. The menu can go public once it is confirmed.',
  password: 'Password',
  passwordHint: 'At least 8 characters.',
  invite: 'Invite code',
  inviteHint: 'Joining is by invitation: the code is in the invitation you received.',
  honeypot: 'Leave this field empty',
  submit: 'Create my menu',
  haveOne: 'Already have a restaurant here? Sign in at its address, followed by /admin.',
  tooFast: 'That was quick! Check the form and send it again.',
  expired: 'This page was open for too long. Check the form and send it again.',
  throttled: (minutes: number, at: string) =>
    `Too many sign-ups from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, at ${at}.`,
  sentTitle: 'Check your inbox',
  sent: (email: string) =>
    `We sent a link to ${email}. Open it within an hour to confirm your e-mail: it opens your restaurant’s panel.`,
  sentMore:
    'Nothing arrived? Look in the spam folder. You can also sign in to your panel now with your e-mail and password, and send the link again from there.',
  openPanel: 'Open my panel',
  closedTitle: 'Sign-up is closed',
  closedText: 'New restaurants are added by the people who run this service. Write to them to join.',
  forbidden: 'This form cannot be accepted: it expired or was sent from another site. Reload the page and try again.',
  languages: 'Language',
  unreadableTitle: 'This request cannot be read',
  unreadable: 'The form arrived in a shape this page does not read. Nothing was made. Go back and send it again.',
  problems: {
    slug_empty: 'Choose the address of your menu.',
    slug_invalid: 'Use letters, digits and hyphens (at most 63), not starting or ending with a hyphen.',
    slug_reserved: 'This word is kept for the service. Try another.',
    slug_taken: 'This address is taken. Try another.',
    name_empty: 'Write the restaurant’s name.',
    name_long: 'At most 200 characters.',
    country: 'Choose a country from the list.',
    invite_invalid: 'This code is not valid, has expired or was already used.',
    email_invalid: 'Write a valid e-mail address.',
    password_short: 'At least 8 characters.',
    password_long: 'At most 200 characters.',
  } satisfies Record<SignupProblem, string>,
};

export type SignupTexts = typeof en;

const it: SignupTexts = {
  title: 'Metti online il tuo menu',
  product: 'Menu',
  intro:
    'Una pagina per i tuoi clienti nella loro lingua, i QR code per i tavoli e un pannello per cambiare il menu quando vuoi. Bastano pochi minuti.',
  name: 'Nome del ristorante',
  slug: 'Indirizzo del tuo menu',
  slugHint: (base: string) => `Lettere, cifre e trattini. Per esempio: trattoria-mario.${base}.`,
  slugChecking: 'Verifica in corso…',
  slugAvailable: (address: string) => `${address} è libero.`,
  slugWritten: (slug: string) => `Sarà scritto «${slug}».`,
  country: 'Paese',
  countryHint: 'Propone la lingua del menu, la valuta e il fuso orario; potrai cambiarli dopo.',
  proposal: (language: string, currency: string, timezone: string) =>
    `Menu in ${language}, prezzi in ${currency}, fuso orario ${timezone}.`,
  email: 'La tua e-mail',
  emailHint: 'Ti mandiamo un link per confermarla. Il menu può andare online dopo la conferma.',
  password: 'Password',
  passwordHint: 'Almeno 8 caratteri.',
  invite: 'Codice di invito',
  inviteHint: 'Si entra su invito: il codice è nell’invito che hai ricevuto.',
  honeypot: 'Lascia vuoto questo campo',
  submit: 'Crea il mio menu',
  haveOne: 'Hai già un ristorante qui? Accedi dal suo indirizzo, seguito da /admin.',
  tooFast: 'Che velocità! Controlla il modulo e invialo di nuovo.',
  expired: 'Questa pagina è rimasta aperta troppo a lungo. Controlla il modulo e invialo di nuovo.',
  throttled: (minutes: number, at: string) =>
    `Troppe iscrizioni dalla tua rete. Riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}, alle ${at}.`,
  sentTitle: 'Controlla la posta',
  sent: (email: string) =>
    `Abbiamo mandato un link a ${email}. Aprilo entro un’ora per confermare l’e-mail: ti porta nel pannello del tuo ristorante.`,
  sentMore:
    'Non è arrivato nulla? Guarda nella posta indesiderata. Puoi anche accedere subito al pannello con e-mail e password e rimandare il link da lì.',
  openPanel: 'Apri il mio pannello',
  closedTitle: 'Iscrizioni chiuse',
  closedText: 'I nuovi ristoranti li aggiunge chi gestisce questo servizio. Scrivi a loro per entrare.',
  forbidden:
    'Questo modulo non può essere accettato: è scaduto o è stato inviato da un altro sito. Ricarica la pagina e riprova.',
  languages: 'Lingua',
  unreadableTitle: 'Questa richiesta non si può leggere',
  unreadable:
    'Il modulo è arrivato in una forma che questa pagina non legge. Non è stato creato nulla. Torna indietro e invialo di nuovo.',
  problems: {
    slug_empty: 'Scegli l’indirizzo del tuo menu.',
    slug_invalid: 'Usa lettere, cifre e trattini (al massimo 63), senza trattino all’inizio o alla fine.',
    slug_reserved: 'Questa parola è riservata al servizio. Provane un’altra.',
    slug_taken: 'Questo indirizzo è già preso. Provane un altro.',
    name_empty: 'Scrivi il nome del ristorante.',
    name_long: 'Al massimo 200 caratteri.',
    country: 'Scegli un paese dall’elenco.',
    invite_invalid: 'Questo codice non è valido, è scaduto o è già stato usato.',
    email_invalid: 'Scrivi un indirizzo e-mail valido.',
    password_short: 'Almeno 8 caratteri.',
    password_long: 'Al massimo 200 caratteri.',
  },
};

export function signupTexts(locale: PanelLocale): SignupTexts {
  return locale === 'it' ? it : en;
}
