// The webhooks page's words, in English and Italian.
import type { PanelLocale } from '../context.js';

const en = {
  title: 'Webhooks',
  intro:
    'A webhook tells another system (your POS, website or a delivery app) the moment the menu, the settings or the theme change: a signed POST to its address. Each one has its own secret to check the signature.',
  endpoints: 'Addresses',
  none: 'No webhook yet.',
  url: 'Address (https)',
  urlHint: 'Where the change is sent, e.g. https://pos.example.com/hooks/menu',
  events: 'Events',
  eventHelp: {
    'menu.updated': 'sections, dishes, sub-categories, wineries',
    'settings.updated': 'name, contacts, languages, the public switch',
    'theme.updated': 'colours, font, layout, footer',
  } as Record<string, string>,
  noEvent: 'Tick at least one event.',
  add: 'Add the webhook',
  addTitle: 'Add a webhook',
  status: 'Status',
  active: 'active',
  paused: 'paused',
  pausedFailing:
    'Paused by itself: it kept failing (no answer or errors) for about a day. Check the address, then resume it.',
  created: 'Added',
  actions: 'Actions',
  pause: 'Pause',
  resume: 'Resume',
  deliveries: 'Deliveries',
  deliveriesOf: (url: string) => `Deliveries to ${url}`,
  test: 'Send a test event',
  rotate: 'New secret',
  rotateConfirm: (url: string) =>
    `Make a new secret for ${url}? The old one stops signing at once: the receiver must be given the new one.`,
  delete: 'Delete',
  deleteConfirm: (url: string) => `Delete the webhook to ${url}? Its deliveries not yet sent are dropped.`,
  secretTitle: 'The webhook’s secret',
  secretText:
    'Give it to the receiving system to check the Menu-Signature header. Copy it now: it will not be shown again.',
  done: {
    paused: 'Paused: no event is sent to it until you resume it.',
    resumed: 'Resumed: the next changes are sent to it.',
    deleted: 'The webhook was deleted.',
    test: 'A test event (webhook.test) is on its way; its delivery is below.',
    resent: 'The delivery is being sent again; it is at the top of the list.',
  } as Record<string, string>,
  event: 'Event',
  when: 'Queued',
  attempts: 'Attempts',
  result: 'Answer',
  time: 'Time',
  ms: (n: number) => `${n} ms`,
  state: { pending: 'waiting', delivered: 'delivered', failed: 'failed' } as Record<string, string>,
  nextTry: (at: string) => `next try ${at}`,
  errors: {
    refused_target: 'address refused (inside the network)',
    unreachable: 'could not deliver',
    http_error: 'error answer',
    redirect_not_followed: 'redirect not followed',
    endpoint_removed: 'paused or deleted',
    endpoint_paused: 'paused after failing',
  } as Record<string, string>,
  resend: 'Send again',
  noDeliveries: 'Nothing sent yet.',
  back: 'Back to the webhooks',
};

export type WebhooksTexts = typeof en;

const it: WebhooksTexts = {
  title: 'Webhook',
  intro:
    'Un webhook avvisa un altro sistema (cassa, sito o app di consegne) nel momento in cui cambiano il menu, le impostazioni o l’aspetto: una POST firmata al suo indirizzo. Ognuno ha il suo segreto per verificare la firma.',
  endpoints: 'Indirizzi',
  none: 'Nessun webhook.',
  url: 'Indirizzo (https)',
  urlHint: 'Dove viene inviata la modifica, es. https://cassa.example.com/hooks/menu',
  events: 'Eventi',
  eventHelp: {
    'menu.updated': 'sezioni, piatti, sottocategorie, cantine',
    'settings.updated': 'nome, contatti, lingue, menu online',
    'theme.updated': 'colori, carattere, impaginazione, piè di pagina',
  },
  noEvent: 'Scegli almeno un evento.',
  add: 'Aggiungi il webhook',
  addTitle: 'Aggiungi un webhook',
  status: 'Stato',
  active: 'attivo',
  paused: 'in pausa',
  pausedFailing:
    'Messo in pausa da solo: non rispondeva (o dava errori) da circa un giorno. Controlla l’indirizzo, poi riattivalo.',
  created: 'Aggiunto',
  actions: 'Azioni',
  pause: 'Metti in pausa',
  resume: 'Riattiva',
  deliveries: 'Invii',
  deliveriesOf: (url: string) => `Invii a ${url}`,
  test: 'Invia un evento di prova',
  rotate: 'Nuovo segreto',
  rotateConfirm: (url: string) =>
    `Creare un nuovo segreto per ${url}? Il vecchio smette subito di firmare: va dato il nuovo al sistema che riceve.`,
  delete: 'Elimina',
  deleteConfirm: (url: string) => `Eliminare il webhook verso ${url}? Gli invii non ancora fatti vengono scartati.`,
  secretTitle: 'Il segreto del webhook',
  secretText:
    'Dallo al sistema che riceve per verificare l’intestazione Menu-Signature. Copialo ora: non verrà più mostrato.',
  done: {
    paused: 'In pausa: non riceve eventi finché non lo riattivi.',
    resumed: 'Riattivato: le prossime modifiche gli vengono inviate.',
    deleted: 'Il webhook è stato eliminato.',
    test: 'Un evento di prova (webhook.test) è in partenza; il suo invio è qui sotto.',
    resent: 'L’invio viene ripetuto; è in cima alla lista.',
  },
  event: 'Evento',
  when: 'In coda dal',
  attempts: 'Tentativi',
  result: 'Risposta',
  time: 'Tempo',
  ms: (n: number) => `${n} ms`,
  state: { pending: 'in attesa', delivered: 'consegnato', failed: 'non riuscito' },
  nextTry: (at: string) => `nuovo tentativo ${at}`,
  errors: {
    refused_target: 'indirizzo rifiutato (rete interna)',
    unreachable: 'consegna non riuscita',
    http_error: 'risposta di errore',
    redirect_not_followed: 'reindirizzamento non seguito',
    endpoint_removed: 'in pausa o eliminato',
    endpoint_paused: 'in pausa dopo troppi errori',
  },
  resend: 'Invia di nuovo',
  noDeliveries: 'Ancora nessun invio.',
  back: 'Torna ai webhook',
};

export function webhooksTexts(locale: PanelLocale): WebhooksTexts {
  return locale === 'it' ? it : en;
}
