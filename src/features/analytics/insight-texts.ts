// Localized titles, messages and empty-state texts of the owner's analytics insights, with placeholder filling.
import type { Locale } from '../../i18n/locales.js';

export type InsightKind =
  | 'popular_not_recommended'
  | 'no_views'
  | 'busiest_hour'
  | 'untranslated_locale'
  | 'top_allergens';

export interface InsightText {
  title: string;
  message: string;
  empty: string;
}

export const insightTexts: Record<Locale, Record<InsightKind, InsightText>> = {
  it: {
    popular_not_recommended: {
      title: 'Piatti molto visti ma non consigliati',
      message:
        'Piatti tra i più visti ma non segnati come consigliati ({count}): {dishes}. Visualizzazioni totali: {views}. Valuta se attivare «Consigliato» nella scheda del piatto.',
      empty: 'Dal {from} al {to} non ci sono piatti molto visti senza «Consigliato».',
    },
    no_views: {
      title: 'Piatti mai aperti',
      message:
        'Piatti attivi che nessun cliente ha aperto dal {from} al {to}: {count}. Prova a cambiarne posizione o nome, oppure aggiungi foto e descrizione.',
      empty: 'Dal {from} al {to} non ci sono piatti attivi senza visite.',
    },
    busiest_hour: {
      title: 'Ora di punta',
      message:
        'Fascia oraria con più visite al menu: {hour}–{end} (visualizzazioni: {menu_views}, {share} del totale). Verifica che personale e menu, comprese le sezioni a orario, siano adatti a quella fascia.',
      empty: 'Dal {from} al {to} il menu non è stato consultato.',
    },
    untranslated_locale: {
      title: 'Traduzioni mancanti',
      message:
        'Chi legge il menu in {language} trova il maggior numero di piatti non tradotti. Piatti senza traduzione visti: {count}; visualizzazioni: {views}. Traduci prima in {language}.',
      empty: 'Dal {from} al {to} nessun cliente ha visto piatti senza traduzione.',
    },
    top_allergens: {
      title: 'Allergeni più filtrati',
      message:
        'Allergeni più filtrati dai clienti: {allergens} (filtri usati: {filters}; piatti interessati: {dishes}). Controlla che le informazioni sugli allergeni siano complete e che le alternative siano ben segnalate.',
      empty: 'Dal {from} al {to} nessun cliente ha filtrato per allergeni.',
    },
  },
  en: {
    popular_not_recommended: {
      title: 'Popular but not recommended',
      message:
        'Dishes among the most viewed but not marked as recommended ({count}): {dishes}. Total views: {views}. Consider turning on “Recommended” in the dish details.',
      empty: 'From {from} to {to} there are no frequently viewed dishes without “Recommended”.',
    },
    no_views: {
      title: 'Dishes never opened',
      message:
        'Active dishes no diner opened from {from} to {to}: {count}. Try a different position or name, or add a photo and a description.',
      empty: 'From {from} to {to} there are no active dishes without views.',
    },
    busiest_hour: {
      title: 'Busiest hour',
      message:
        'Hour with the most menu views: {hour}–{end} (views: {menu_views}, {share} of the total). Make sure staffing and the menu, including time-based sections, fit that hour.',
      empty: 'The menu was not viewed from {from} to {to}.',
    },
    untranslated_locale: {
      title: 'Missing translations',
      message:
        'Diners reading the menu in {language} meet the most untranslated dishes. Untranslated dishes viewed: {count}; views: {views}. Translate into {language} first.',
      empty: 'No untranslated dishes were viewed from {from} to {to}.',
    },
    top_allergens: {
      title: 'Most filtered allergens',
      message:
        'Allergens diners filter on most: {allergens} (times filtered: {filters}; dishes affected: {dishes}). Check that allergen information is complete and that alternatives are clearly marked.',
      empty: 'No diner filtered by allergens from {from} to {to}.',
    },
  },
  fr: {
    popular_not_recommended: {
      title: 'Plats populaires non recommandés',
      message:
        'Plats parmi les plus consultés mais non marqués comme recommandés ({count}) : {dishes}. Vues au total : {views}. Pensez à activer « Recommandé » dans la fiche du plat.',
      empty: 'Du {from} au {to}, aucun plat très consulté n’est resté sans « Recommandé ».',
    },
    no_views: {
      title: 'Plats jamais ouverts',
      message:
        'Plats actifs qu’aucun client n’a ouverts du {from} au {to} : {count}. Essayez un autre emplacement ou un autre nom, ou ajoutez une photo et une description.',
      empty: 'Du {from} au {to}, aucun plat actif n’est resté sans consultation.',
    },
    busiest_hour: {
      title: 'Heure de pointe',
      message:
        'Heure où le menu est le plus consulté : {hour}–{end} (vues : {menu_views}, soit {share} du total). Vérifiez que l’équipe et le menu, y compris les sections à horaire, sont adaptés à ce créneau.',
      empty: 'Le menu n’a pas été consulté du {from} au {to}.',
    },
    untranslated_locale: {
      title: 'Traductions manquantes',
      message:
        'Les clients qui lisent le menu en {language} rencontrent le plus de plats non traduits. Plats non traduits consultés : {count} ; vues : {views}. Traduisez d’abord en {language}.',
      empty: 'Aucun plat non traduit n’a été consulté du {from} au {to}.',
    },
    top_allergens: {
      title: 'Allergènes les plus filtrés',
      message:
        'Allergènes les plus filtrés par les clients : {allergens} (filtres utilisés : {filters} ; plats concernés : {dishes}). Vérifiez que les informations sur les allergènes sont complètes et que les alternatives sont bien signalées.',
      empty: 'Aucun client n’a filtré par allergène du {from} au {to}.',
    },
  },
  de: {
    popular_not_recommended: {
      title: 'Beliebt, aber nicht empfohlen',
      message:
        'Häufig aufgerufene Gerichte ohne Empfehlung ({count}): {dishes}. Aufrufe insgesamt: {views}. Prüfen Sie, ob Sie in den Gerichtsdetails „Empfohlen“ aktivieren möchten.',
      empty: 'Im Zeitraum {from} bis {to} gibt es keine häufig aufgerufenen Gerichte ohne „Empfohlen“.',
    },
    no_views: {
      title: 'Nie geöffnete Gerichte',
      message:
        'Aktive Gerichte, die im Zeitraum {from} bis {to} von keinem Gast geöffnet wurden: {count}. Versuchen Sie eine andere Position oder einen anderen Namen, oder ergänzen Sie Foto und Beschreibung.',
      empty: 'Im Zeitraum {from} bis {to} gibt es keine aktiven Gerichte ohne Aufrufe.',
    },
    busiest_hour: {
      title: 'Stoßzeit',
      message:
        'Stunde mit den meisten Aufrufen der Speisekarte: {hour}–{end} (Aufrufe: {menu_views}, {share} aller Aufrufe). Sorgen Sie dafür, dass Personal und Speisekarte – auch Bereiche mit Zeitfenster – zu dieser Stunde passen.',
      empty: 'Im Zeitraum {from} bis {to} wurde die Speisekarte nicht aufgerufen.',
    },
    untranslated_locale: {
      title: 'Fehlende Übersetzungen',
      message:
        'Gäste, die die Speisekarte auf {language} lesen, stoßen auf die meisten unübersetzten Gerichte. Aufgerufene Gerichte ohne Übersetzung: {count}; Aufrufe: {views}. Beginnen Sie beim Übersetzen mit {language}.',
      empty: 'Im Zeitraum {from} bis {to} wurden keine unübersetzten Gerichte aufgerufen.',
    },
    top_allergens: {
      title: 'Meistgefilterte Allergene',
      message:
        'Allergene, nach denen Gäste am häufigsten filtern: {allergens} (Filteranwendungen: {filters}; betroffene Gerichte: {dishes}). Prüfen Sie, ob die Allergenangaben vollständig und Alternativen klar gekennzeichnet sind.',
      empty: 'Im Zeitraum {from} bis {to} wurde nicht nach Allergenen gefiltert.',
    },
  },
  es: {
    popular_not_recommended: {
      title: 'Populares pero no recomendados',
      message:
        'Platos entre los más vistos pero no marcados como recomendados ({count}): {dishes}. Visualizaciones totales: {views}. Considera activar «Recomendado» en la ficha del plato.',
      empty: 'Del {from} al {to} no hay platos muy vistos sin «Recomendado».',
    },
    no_views: {
      title: 'Platos nunca abiertos',
      message:
        'Platos activos que ningún cliente abrió del {from} al {to}: {count}. Prueba a cambiar su posición o su nombre, o añade una foto y una descripción.',
      empty: 'Del {from} al {to} no hay platos activos sin visitas.',
    },
    busiest_hour: {
      title: 'Hora punta',
      message:
        'Franja con más consultas de la carta: {hour}–{end} (visualizaciones: {menu_views}, el {share} del total). Asegúrate de que el personal y la carta, incluidas las secciones con horario, se adapten a esa franja.',
      empty: 'La carta no se consultó del {from} al {to}.',
    },
    untranslated_locale: {
      title: 'Traducciones pendientes',
      message:
        'Quienes leen la carta en {language} encuentran el mayor número de platos sin traducir. Platos sin traducción consultados: {count}; visualizaciones: {views}. Traduce primero al {language}.',
      empty: 'Del {from} al {to} no se consultó ningún plato sin traducir.',
    },
    top_allergens: {
      title: 'Alérgenos más filtrados',
      message:
        'Alérgenos por los que más filtran los clientes: {allergens} (filtros aplicados: {filters}; platos afectados: {dishes}). Comprueba que la información de alérgenos esté completa y que las alternativas estén bien indicadas.',
      empty: 'Del {from} al {to} ningún cliente filtró por alérgenos.',
    },
  },
};

/** Replaces {name} placeholders from params; unknown placeholders are left as they are. */
export function fillText(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** Name of each language (inner key) as written in each locale (outer key). */
export const languageNames: Record<Locale, Record<Locale, string>> = {
  it: { it: 'italiano', en: 'inglese', fr: 'francese', de: 'tedesco', es: 'spagnolo' },
  en: { it: 'Italian', en: 'English', fr: 'French', de: 'German', es: 'Spanish' },
  fr: { it: 'italien', en: 'anglais', fr: 'français', de: 'allemand', es: 'espagnol' },
  de: { it: 'Italienisch', en: 'Englisch', fr: 'Französisch', de: 'Deutsch', es: 'Spanisch' },
  es: { it: 'italiano', en: 'inglés', fr: 'francés', de: 'alemán', es: 'español' },
};

/** Localized names of the five languages, used inside messages, e.g. languageName('it','de') = 'tedesco'. */
export function languageName(inLocale: Locale, of: Locale): string {
  return languageNames[inLocale][of];
}
