// API error and validation message catalogue (Laravel / laravel-lang style) for every service locale, plus placeholder formatting.
import type { Locale } from './locales.js';

export type MessageKey =
  | 'required'
  | 'string'
  | 'integer'
  | 'numeric'
  | 'boolean'
  | 'array'
  | 'object'
  | 'min_numeric'
  | 'max_numeric'
  | 'min_string'
  | 'max_string'
  | 'min_array'
  | 'max_array'
  | 'in'
  | 'exists'
  | 'email'
  | 'url'
  | 'regex'
  | 'date'
  | 'date_format'
  | 'after_or_equal'
  | 'before_or_equal'
  | 'in_list'
  | 'webhook_private_target'
  | 'webhook_https_required'
  | 'webhook_limit'
  | 'unique'
  | 'decimal'
  | 'multiple_of'
  | 'hex_color'
  | 'distinct'
  | 'prohibited'
  | 'different'
  | 'locale_in_supported'
  | 'email_unverified'
  | 'more_errors_one'
  | 'more_errors_other'
  | 'malformed_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'too_many_requests'
  | 'restaurant_suspended'
  | 'limit_dishes'
  | 'limit_photos'
  | 'server_error'
  | 'section_not_empty'
  | 'type_in_use'
  | 'type_of_other_section'
  | 'range_needs_both'
  | 'type_move_in_use'
  | 'body_not_object'
  | 'winery_in_use'
  | 'range_too_long'
  | 'service_unavailable'
  | 'write_conflict'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'idempotency_key_invalid'
  | 'precondition_failed'
  | 'reference_gone'
  | 'bad_request'
  | 'origin_not_allowed'
  | 'image'
  | 'image_too_large'
  | 'unsupported_image_type'
  | 'file_encoding'
  | 'file_damaged'
  | 'csv_malformed'
  | 'xlsx_unreadable'
  | 'xlsx_too_many_rows'
  | 'xlsx_formula'
  | 'xlsx_date'
  | 'xlsx_error_value'
  | 'prune_confirm'
  | 'lte_other'
  | 'group_attached';

export const messages: Record<Locale, Record<MessageKey, string>> = {
  it: {
    required: 'Il campo :attribute è richiesto.',
    string: ':Attribute deve essere una stringa.',
    integer: ':Attribute deve essere un numero intero.',
    numeric: ':Attribute deve essere un numero.',
    boolean: 'Il campo :attribute deve essere vero o falso.',
    array: ':Attribute deve essere un array.',
    object: ':Attribute deve essere un oggetto.',
    min_numeric: ':Attribute deve essere almeno :min.',
    max_numeric: ':Attribute non può essere superiore a :max.',
    min_string: ':Attribute deve contenere almeno :min caratteri.',
    max_string: ':Attribute non può contenere più di :max caratteri.',
    min_array: ':Attribute deve contenere almeno :min elementi.',
    max_array: ':Attribute non può avere più di :max elementi.',
    in: 'Il valore scelto per il campo :attribute non è valido.',
    exists: 'Il valore scelto per il campo :attribute non è valido.',
    email: 'Il campo :attribute deve essere un indirizzo e-mail valido.',
    url: 'Il formato del campo :attribute non è valido.',
    regex: 'Il formato del campo :attribute non è valido.',
    date: ':Attribute non è una data valida.',
    date_format: ':Attribute non corrisponde al formato :format.',
    after_or_equal: ':Attribute deve essere una data successiva o uguale a :date.',
    before_or_equal: ':Attribute deve essere una data precedente o uguale a :date.',
    in_list: 'Il valore scelto per il campo :attribute non è valido. Valori ammessi: :values.',
    webhook_private_target: ':Attribute non può puntare a un indirizzo privato o locale.',
    webhook_https_required: ':Attribute deve usare https.',
    webhook_limit: 'Questo ristorante ha già :max webhook, il massimo: eliminane uno prima di aggiungerne un altro.',
    unique: 'Il valore del campo :attribute è già in uso.',
    decimal: ':Attribute deve avere :decimal cifre decimali.',
    multiple_of: ':Attribute deve essere un multiplo di :value.',
    hex_color: 'Il campo :attribute deve essere un colore esadecimale valido.',
    distinct: ':Attribute contiene un valore duplicato.',
    prohibited: 'Il campo :attribute non è consentito.',
    different: ':Attribute e :other devono essere differenti.',
    locale_in_supported: 'Il campo :attribute deve essere una delle lingue supportate.',
    email_unverified:
      "Il menu può andare online dopo la conferma dell'e-mail del titolare: apri il link che ti abbiamo inviato.",
    more_errors_one: '(e 1 altro errore)',
    more_errors_other: '(e :count altri errori)',
    malformed_json: 'Il corpo della richiesta non è un JSON valido.',
    unsupported_media_type: 'Il corpo della richiesta deve essere JSON (Content-Type: application/json).',
    payload_too_large: 'Il corpo della richiesta supera la dimensione massima consentita.',
    method_not_allowed: 'Metodo non consentito.',
    too_many_requests: 'Troppe richieste. Riprova tra :count secondi.',
    restaurant_suspended: 'Questo ristorante è sospeso dal gestore del servizio. Motivo: :reason',
    limit_dishes: 'Questo ristorante può avere al massimo :max piatti (limite fissato dal gestore del servizio).',
    limit_photos: 'Le foto di questo ristorante supererebbero :max MB, il suo limite: eliminane qualcuna prima.',
    server_error: 'Errore del server. Riprova tra qualche secondo.',
    section_not_empty: 'La sezione non può essere eliminata perché contiene piatti o sottosezioni.',
    type_of_other_section:
      "La sottocategoria scelta nel campo :attribute appartiene a un'altra sezione: scegline una della sezione del piatto.",
    range_needs_both: "Per :attribute scrivi sia l'orario di apertura sia quello di chiusura.",
    type_in_use: 'La sottocategoria non può essere eliminata perché è usata da alcuni piatti.',
    type_move_in_use: "La sottocategoria non può essere spostata in un'altra sezione perché è usata da alcuni piatti.",
    body_not_object: 'Il corpo della richiesta deve essere un oggetto JSON.',
    winery_in_use: 'La cantina non può essere eliminata perché è usata da alcuni piatti.',
    range_too_long: 'Il periodo non può superare un anno.',
    service_unavailable: 'Servizio momentaneamente non disponibile. Riprova tra qualche secondo.',
    write_conflict: "Il menu è stato modificato da un'altra richiesta nello stesso momento. Ricarica e riprova.",
    idempotency_key_reused: "Questa Idempotency-Key è già stata usata per un'altra richiesta: usane una nuova.",
    idempotency_in_progress: 'Una richiesta con questa Idempotency-Key è ancora in corso: riprova tra qualche secondo.',
    idempotency_key_invalid: "L'intestazione Idempotency-Key deve avere da 1 a 255 caratteri visibili.",
    precondition_failed: 'La risorsa è cambiata da quando è stata letta (If-Match): rileggila e riprova.',
    reference_gone: 'Un elemento collegato è stato appena eliminato o modificato. Ricarica e riprova.',
    bad_request: 'La richiesta non può essere letta.',
    origin_not_allowed: 'Gli eventi sono accettati solo dalle pagine di questo ristorante.',
    image: ":Attribute deve essere un'immagine.",
    image_too_large: ':Attribute è troppo grande: :width×:height pixel, al massimo :max megapixel.',
    unsupported_image_type:
      "L'immagine va inviata come corpo della richiesta con Content-Type image/jpeg, image/png o image/webp.",
    file_encoding:
      'Non si riesce a capire la codifica dei caratteri del file: salvalo come "CSV UTF-8" (o come cartella di lavoro Excel .xlsx) e importalo di nuovo. Non è cambiato nulla.',
    file_damaged:
      'Il file contiene già caratteri rovinati (�) alla riga :line: correggili (per esempio riesportando il menu) e importalo di nuovo.',
    csv_malformed: 'Il CSV non si può leggere alla riga :line: controlla le virgolette e i separatori.',
    xlsx_unreadable: 'Il file non è una cartella di lavoro Excel (.xlsx) leggibile.',
    xlsx_too_many_rows: 'Il foglio ha più di :max righe di piatti: dividilo in più file.',
    xlsx_formula: 'La cella :attribute contiene una formula: scrivi il valore al suo posto.',
    xlsx_date: 'La cella :attribute contiene una data, non un prezzo: formattala come numero.',
    xlsx_error_value: 'La cella :attribute contiene un errore di Excel (:value).',
    prune_confirm:
      "L'importazione eliminerebbe :deleted piatti su :total: per confermare, ripeti la richiesta con confirm_delete=:deleted.",
    lte_other: 'Il campo :attribute deve essere minore o uguale a :other.',
    group_attached:
      'Il gruppo è collegato a dei piatti (:count): per staccarlo da tutti ed eliminarlo, ripeti la richiesta con confirm_detach=:count.',
  },
  en: {
    required: 'The :attribute field is required.',
    string: 'The :attribute field must be a string.',
    integer: 'The :attribute field must be an integer.',
    numeric: 'The :attribute field must be a number.',
    boolean: 'The :attribute field must be true or false.',
    array: 'The :attribute field must be an array.',
    object: 'The :attribute field must be an object.',
    min_numeric: 'The :attribute field must be at least :min.',
    max_numeric: 'The :attribute field must not be greater than :max.',
    min_string: 'The :attribute field must be at least :min characters.',
    max_string: 'The :attribute field must not be greater than :max characters.',
    min_array: 'The :attribute field must have at least :min items.',
    max_array: 'The :attribute field must not have more than :max items.',
    in: 'The selected :attribute is invalid.',
    exists: 'The selected :attribute is invalid.',
    email: 'The :attribute field must be a valid email address.',
    url: 'The :attribute field must be a valid URL.',
    regex: 'The :attribute field format is invalid.',
    date: 'The :attribute field must be a valid date.',
    date_format: 'The :attribute field must match the format :format.',
    after_or_equal: 'The :attribute field must be a date after or equal to :date.',
    before_or_equal: 'The :attribute field must be a date before or equal to :date.',
    in_list: 'The selected :attribute is invalid. Valid values: :values.',
    webhook_private_target: 'The :attribute must not point to a private or loopback address.',
    webhook_https_required: 'The :attribute must use https.',
    webhook_limit: 'This restaurant already has :max webhooks, the most allowed: delete one before adding another.',
    unique: 'The :attribute has already been taken.',
    decimal: 'The :attribute field must have :decimal decimal places.',
    multiple_of: 'The :attribute field must be a multiple of :value.',
    hex_color: 'The :attribute field must be a valid hexadecimal color.',
    distinct: 'The :attribute field has a duplicate value.',
    prohibited: 'The :attribute field is prohibited.',
    different: 'The :attribute field and :other must be different.',
    locale_in_supported: 'The :attribute field must be one of the supported languages.',
    email_unverified: "The menu can go public once the owner's e-mail is confirmed: open the link we sent.",
    more_errors_one: '(and 1 more error)',
    more_errors_other: '(and :count more errors)',
    malformed_json: 'The request body is not valid JSON.',
    unsupported_media_type: 'The request body must be JSON (Content-Type: application/json).',
    payload_too_large: 'The request body exceeds the maximum allowed size.',
    method_not_allowed: 'Method not allowed.',
    too_many_requests: 'Too many requests. Please try again in :count seconds.',
    restaurant_suspended: "This restaurant is suspended by the service's operator. Reason: :reason",
    limit_dishes: "This restaurant may have at most :max dishes (a limit set by the service's operator).",
    limit_photos: "This restaurant's photos would take more than :max MB, its limit: remove some first.",
    server_error: 'Server error. Please try again in a few seconds.',
    section_not_empty: 'The section cannot be deleted because it contains dishes or subsections.',
    type_of_other_section: "The selected :attribute belongs to another section: choose one of the dish's own section.",
    range_needs_both: 'For :attribute, type both the opening and the closing time.',
    type_in_use: 'The subcategory cannot be deleted because it is used by some dishes.',
    type_move_in_use: 'The subcategory cannot be moved to another section because it is used by some dishes.',
    body_not_object: 'The request body must be a JSON object.',
    winery_in_use: 'The winery cannot be deleted because it is used by some dishes.',
    range_too_long: 'The period cannot exceed one year.',
    service_unavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
    write_conflict: 'The menu was changed by another request at the same time. Reload and try again.',
    idempotency_key_reused: 'This Idempotency-Key was already used for a different request: use a new key.',
    idempotency_in_progress: 'A request with this Idempotency-Key is still being processed: retry in a few seconds.',
    idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    precondition_failed: 'The resource has changed since it was read (If-Match): read it again and retry.',
    reference_gone: 'A related record was just removed or changed. Reload and try again.',
    bad_request: 'The request cannot be read.',
    origin_not_allowed: "Events are accepted only from this restaurant's own pages.",
    image: 'The :attribute field must be an image.',
    image_too_large: 'The :attribute is too large: :width×:height pixels, at most :max megapixels.',
    unsupported_image_type:
      'The image must be sent as the request body with Content-Type image/jpeg, image/png or image/webp.',
    file_encoding:
      'The file\'s character encoding cannot be recognised: save it as "CSV UTF-8" (or as an Excel workbook, .xlsx) and import it again. Nothing was changed.',
    file_damaged:
      'The file already holds damaged characters (�) on line :line: correct them (for instance by exporting the menu again) and import it again.',
    csv_malformed: 'The CSV cannot be read at line :line: check its quotes and separators.',
    xlsx_unreadable: 'The file is not an Excel workbook (.xlsx) that can be read.',
    xlsx_too_many_rows: 'The sheet has more than :max rows of dishes: split it into several files.',
    xlsx_formula: 'The :attribute cell holds a formula: type its value instead.',
    xlsx_date: 'The :attribute cell holds a date, not a price: format it as a number.',
    xlsx_error_value: 'The :attribute cell holds an Excel error (:value).',
    prune_confirm:
      'This import would delete :deleted of :total dishes: to confirm, repeat the request with confirm_delete=:deleted.',
    lte_other: 'The :attribute field must be less than or equal to :other.',
    group_attached:
      'The group is attached to dishes (:count): to detach it from them and delete it, repeat the request with confirm_detach=:count.',
  },
  fr: {
    required: 'Le champ :attribute est obligatoire.',
    string: 'Le champ :attribute doit être une chaîne de caractères.',
    integer: 'Le champ :attribute doit être un entier.',
    numeric: 'Le champ :attribute doit contenir un nombre.',
    boolean: 'Le champ :attribute doit être vrai ou faux.',
    array: 'Le champ :attribute doit être un tableau.',
    object: 'Le champ :attribute doit être un objet.',
    min_numeric: 'La valeur de :attribute doit être supérieure ou égale à :min.',
    max_numeric: 'La valeur de :attribute ne peut pas être supérieure à :max.',
    min_string: 'Le texte :attribute doit contenir au moins :min caractères.',
    max_string: 'Le texte de :attribute ne peut pas contenir plus de :max caractères.',
    min_array: 'Le tableau :attribute doit contenir au moins :min éléments.',
    max_array: 'Le tableau :attribute ne peut pas contenir plus de :max éléments.',
    in: 'Le champ :attribute sélectionné est invalide.',
    exists: 'Le champ :attribute sélectionné est invalide.',
    email: 'Le champ :attribute doit être une adresse e-mail valide.',
    url: "Le format de l'URL de :attribute n'est pas valide.",
    regex: 'Le format du champ :attribute est invalide.',
    date: "Le champ :attribute n'est pas une date valide.",
    date_format: 'Le champ :attribute ne correspond pas au format :format.',
    after_or_equal: 'Le champ :attribute doit être une date postérieure ou égale au :date.',
    before_or_equal: 'Le champ :attribute doit être une date antérieure ou égale au :date.',
    in_list: 'Le champ :attribute sélectionné est invalide. Valeurs admises : :values.',
    webhook_private_target: 'Le champ :attribute ne doit pas viser une adresse privée ou locale.',
    webhook_https_required: 'Le champ :attribute doit utiliser https.',
    webhook_limit: 'Ce restaurant a déjà :max webhooks, le maximum : supprimez-en un avant d’en ajouter un autre.',
    unique: 'La valeur du champ :attribute est déjà utilisée.',
    decimal: 'Le champ :attribute doit comporter :decimal décimales.',
    multiple_of: 'La valeur de :attribute doit être un multiple de :value.',
    hex_color: 'Le champ :attribute doit être une couleur hexadécimale valide.',
    distinct: 'Le champ :attribute a une valeur en double.',
    prohibited: 'Le champ :attribute est interdit.',
    different: 'Les champs :attribute et :other doivent être différents.',
    locale_in_supported: "Le champ :attribute doit être l'une des langues prises en charge.",
    email_unverified: "Le menu peut être publié une fois l'e-mail du propriétaire confirmé : ouvrez le lien envoyé.",
    more_errors_one: '(et 1 erreur en plus)',
    more_errors_other: '(et :count erreurs en plus)',
    malformed_json: "Le corps de la requête n'est pas un JSON valide.",
    unsupported_media_type: 'Le corps de la requête doit être au format JSON (Content-Type: application/json).',
    payload_too_large: 'Le corps de la requête dépasse la taille maximale autorisée.',
    method_not_allowed: 'Méthode non autorisée.',
    too_many_requests: 'Trop de requêtes. Veuillez réessayer dans :count secondes.',
    restaurant_suspended: "Ce restaurant est suspendu par l'opérateur du service. Motif : :reason",
    limit_dishes: "Ce restaurant peut avoir au plus :max plats (limite fixée par l'opérateur du service).",
    limit_photos: 'Les photos de ce restaurant dépasseraient :max Mo, sa limite : supprimez-en d’abord.',
    server_error: 'Erreur du serveur. Veuillez réessayer dans quelques secondes.',
    section_not_empty: 'La section ne peut pas être supprimée car elle contient des plats ou des sous-sections.',
    type_of_other_section:
      'Le champ :attribute sélectionné appartient à une autre section : choisissez-en un de la section du plat.',
    range_needs_both: "Pour :attribute, indiquez l'heure d'ouverture et l'heure de fermeture.",
    type_in_use: 'La sous-catégorie ne peut pas être supprimée car elle est utilisée par certains plats.',
    type_move_in_use:
      'La sous-catégorie ne peut pas être déplacée vers une autre section car elle est utilisée par certains plats.',
    body_not_object: 'Le corps de la requête doit être un objet JSON.',
    winery_in_use: 'Le domaine viticole ne peut pas être supprimé car il est utilisé par certains plats.',
    range_too_long: 'La période ne peut pas dépasser un an.',
    service_unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques secondes.',
    write_conflict: 'Le menu a été modifié par une autre requête au même moment. Rechargez et réessayez.',
    idempotency_key_reused: 'Cette Idempotency-Key a déjà servi pour une autre requête : utilisez-en une nouvelle.',
    idempotency_in_progress:
      'Une requête avec cette Idempotency-Key est encore en cours : réessayez dans quelques secondes.',
    idempotency_key_invalid: "L'en-tête Idempotency-Key doit compter de 1 à 255 caractères visibles.",
    precondition_failed: 'La ressource a changé depuis sa lecture (If-Match) : relisez-la et réessayez.',
    reference_gone: "Un élément lié vient d'être supprimé ou modifié. Rechargez et réessayez.",
    bad_request: 'La requête ne peut pas être lue.',
    origin_not_allowed: 'Les événements ne sont acceptés que depuis les pages de ce restaurant.',
    image: 'Le champ :attribute doit être une image.',
    image_too_large: 'Le champ :attribute est trop grand : :width×:height pixels, au plus :max mégapixels.',
    unsupported_image_type:
      "L'image doit être envoyée comme corps de la requête avec Content-Type image/jpeg, image/png ou image/webp.",
    file_encoding:
      "L'encodage des caractères du fichier ne peut pas être reconnu : enregistrez-le en « CSV UTF-8 » (ou en classeur Excel .xlsx) et importez-le à nouveau. Rien n'a été modifié.",
    file_damaged:
      'Le fichier contient déjà des caractères abîmés (�) à la ligne :line : corrigez-les et importez-le à nouveau.',
    csv_malformed: 'Le CSV ne peut pas être lu à la ligne :line : vérifiez les guillemets et les séparateurs.',
    xlsx_unreadable: "Le fichier n'est pas un classeur Excel (.xlsx) lisible.",
    xlsx_too_many_rows: 'La feuille a plus de :max lignes de plats : répartissez-la en plusieurs fichiers.',
    xlsx_formula: 'La cellule :attribute contient une formule : saisissez sa valeur.',
    xlsx_date: 'La cellule :attribute contient une date, pas un prix : formatez-la en nombre.',
    xlsx_error_value: 'La cellule :attribute contient une erreur Excel (:value).',
    prune_confirm:
      'Cet import supprimerait :deleted plats sur :total : pour confirmer, répétez la requête avec confirm_delete=:deleted.',
    lte_other: 'Le champ :attribute doit être inférieur ou égal à :other.',
    group_attached:
      'Le groupe est associé à des plats (:count) : pour le retirer de ces plats et le supprimer, répétez la requête avec confirm_detach=:count.',
  },
  de: {
    required: ':Attribute muss ausgefüllt werden.',
    string: ':Attribute muss ein String sein.',
    integer: ':Attribute muss eine ganze Zahl sein.',
    numeric: ':Attribute muss eine Zahl sein.',
    boolean: ":Attribute muss entweder 'true' oder 'false' sein.",
    array: ':Attribute muss ein Array sein.',
    object: ':Attribute muss ein Objekt sein.',
    min_numeric: ':Attribute muss mindestens :min sein.',
    max_numeric: ':Attribute darf maximal :max sein.',
    min_string: ':Attribute muss mindestens :min Zeichen lang sein.',
    max_string: ':Attribute darf maximal :max Zeichen haben.',
    min_array: ':Attribute muss mindestens :min Elemente haben.',
    max_array: ':Attribute darf maximal :max Elemente haben.',
    in: 'Der gewählte Wert für :attribute ist ungültig.',
    exists: 'Der gewählte Wert für :attribute ist ungültig.',
    email: ':Attribute muss eine gültige E-Mail-Adresse sein.',
    url: ':Attribute muss eine gültige URL sein.',
    regex: 'Das Format von :attribute ist ungültig.',
    date: ':Attribute muss ein gültiges Datum sein.',
    date_format: ':Attribute entspricht nicht dem gültigen Format für :format.',
    after_or_equal: ':Attribute muss ein Datum nach oder gleich :date sein.',
    before_or_equal: ':Attribute muss ein Datum vor oder gleich :date sein.',
    in_list: 'Der gewählte Wert für :attribute ist ungültig. Erlaubte Werte: :values.',
    webhook_private_target: ':Attribute darf nicht auf eine private oder lokale Adresse zeigen.',
    webhook_https_required: ':Attribute muss https verwenden.',
    webhook_limit:
      'Dieses Restaurant hat bereits :max Webhooks, das Maximum: löschen Sie einen, bevor Sie einen weiteren hinzufügen.',
    unique: ':Attribute ist bereits vergeben.',
    decimal: ':Attribute muss :decimal Dezimalstellen haben.',
    multiple_of: ':Attribute muss ein Vielfaches von :value sein.',
    hex_color: ':Attribute muss eine gültige Hexadezimalfarbe sein.',
    distinct: ':Attribute beinhaltet einen bereits vorhandenen Wert.',
    prohibited: ':Attribute ist unzulässig.',
    different: ':Attribute und :other müssen sich unterscheiden.',
    locale_in_supported: ':Attribute muss eine der unterstützten Sprachen sein.',
    email_unverified:
      'Die Speisekarte kann veröffentlicht werden, sobald die E-Mail des Inhabers bestätigt ist: Öffnen Sie den gesendeten Link.',
    more_errors_one: '(und 1 weiterer Fehler)',
    more_errors_other: '(und :count weitere Fehler)',
    malformed_json: 'Der Anfragetext ist kein gültiges JSON.',
    unsupported_media_type: 'Der Anfragetext muss JSON sein (Content-Type: application/json).',
    payload_too_large: 'Der Anfragetext überschreitet die maximal zulässige Größe.',
    method_not_allowed: 'Methode nicht erlaubt.',
    too_many_requests: 'Zu viele Anfragen. Bitte versuchen Sie es in :count Sekunden erneut.',
    restaurant_suspended: 'Dieses Restaurant wurde vom Betreiber des Dienstes gesperrt. Grund: :reason',
    limit_dishes: 'Dieses Restaurant darf höchstens :max Gerichte haben (vom Betreiber des Dienstes festgelegt).',
    limit_photos: 'Die Fotos dieses Restaurants würden :max MB überschreiten, sein Limit: Löschen Sie zuerst einige.',
    server_error: 'Serverfehler. Bitte versuchen Sie es in einigen Sekunden erneut.',
    section_not_empty: 'Der Abschnitt kann nicht gelöscht werden, da er Gerichte oder Unterabschnitte enthält.',
    type_of_other_section:
      'Das ausgewählte Feld :attribute gehört zu einem anderen Abschnitt: Wählen Sie eines aus dem Abschnitt des Gerichts.',
    range_needs_both: 'Geben Sie für :attribute sowohl die Öffnungs- als auch die Schließzeit an.',
    type_in_use: 'Die Unterkategorie kann nicht gelöscht werden, da sie von einigen Gerichten verwendet wird.',
    type_move_in_use:
      'Die Unterkategorie kann nicht in einen anderen Abschnitt verschoben werden, da sie von einigen Gerichten verwendet wird.',
    body_not_object: 'Der Anfragetext muss ein JSON-Objekt sein.',
    winery_in_use: 'Das Weingut kann nicht gelöscht werden, da es von einigen Gerichten verwendet wird.',
    range_too_long: 'Der Zeitraum darf ein Jahr nicht überschreiten.',
    service_unavailable:
      'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
    write_conflict:
      'Das Menü wurde gleichzeitig durch eine andere Anfrage geändert. Bitte neu laden und erneut versuchen.',
    idempotency_key_reused:
      'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet: bitte einen neuen nehmen.',
    idempotency_in_progress:
      'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet: bitte in einigen Sekunden erneut versuchen.',
    idempotency_key_invalid: 'Der Header Idempotency-Key muss 1 bis 255 sichtbare Zeichen haben.',
    precondition_failed:
      'Die Ressource wurde seit dem Lesen geändert (If-Match): bitte neu lesen und erneut versuchen.',
    reference_gone:
      'Ein verknüpfter Eintrag wurde soeben entfernt oder geändert. Bitte neu laden und erneut versuchen.',
    bad_request: 'Die Anfrage kann nicht gelesen werden.',
    origin_not_allowed: 'Ereignisse werden nur von den Seiten dieses Restaurants angenommen.',
    image: ':Attribute muss ein Bild sein.',
    image_too_large: ':Attribute ist zu groß: :width×:height Pixel, höchstens :max Megapixel.',
    unsupported_image_type:
      'Das Bild muss als Anfragetext mit Content-Type image/jpeg, image/png oder image/webp gesendet werden.',
    file_encoding:
      'Die Zeichenkodierung der Datei ist nicht erkennbar: Speichern Sie sie als „CSV UTF-8“ (oder als Excel-Arbeitsmappe .xlsx) und importieren Sie sie erneut. Nichts wurde geändert.',
    file_damaged:
      'Die Datei enthält in Zeile :line bereits beschädigte Zeichen (�): Korrigieren Sie sie und importieren Sie die Datei erneut.',
    csv_malformed: 'Die CSV-Datei ist in Zeile :line nicht lesbar: Prüfen Sie Anführungszeichen und Trennzeichen.',
    xlsx_unreadable: 'Die Datei ist keine lesbare Excel-Arbeitsmappe (.xlsx).',
    xlsx_too_many_rows: 'Das Blatt hat mehr als :max Zeilen mit Gerichten: Teilen Sie es auf mehrere Dateien auf.',
    xlsx_formula: 'Die Zelle :attribute enthält eine Formel: Geben Sie stattdessen ihren Wert ein.',
    xlsx_date: 'Die Zelle :attribute enthält ein Datum, keinen Preis: Formatieren Sie sie als Zahl.',
    xlsx_error_value: 'Die Zelle :attribute enthält einen Excel-Fehler (:value).',
    prune_confirm:
      'Dieser Import würde :deleted von :total Gerichten löschen: Zur Bestätigung die Anfrage mit confirm_delete=:deleted wiederholen.',
    lte_other: ':Attribute muss kleiner oder gleich :other sein.',
    group_attached:
      'Die Gruppe ist Gerichten zugeordnet (:count): Um sie von ihnen zu lösen und zu löschen, die Anfrage mit confirm_detach=:count wiederholen.',
  },
  es: {
    required: 'El campo :attribute es obligatorio.',
    string: 'El campo :attribute debe ser una cadena de caracteres.',
    integer: 'El campo :attribute debe ser un número entero.',
    numeric: 'El campo :attribute debe ser numérico.',
    boolean: 'El campo :attribute debe tener un valor verdadero o falso.',
    array: 'El campo :attribute debe ser un conjunto.',
    object: 'El campo :attribute debe ser un objeto.',
    min_numeric: 'El campo :attribute debe ser al menos :min.',
    max_numeric: 'El campo :attribute no debe ser mayor que :max.',
    min_string: 'El campo :attribute debe contener al menos :min caracteres.',
    max_string: 'El campo :attribute no debe contener más de :max caracteres.',
    min_array: 'El campo :attribute debe tener al menos :min elementos.',
    max_array: 'El campo :attribute no debe tener más de :max elementos.',
    in: 'El campo :attribute seleccionado no es válido.',
    exists: 'El campo :attribute seleccionado no es válido.',
    email: 'El campo :attribute no es un correo válido.',
    url: 'El campo :attribute debe ser una URL válida.',
    regex: 'El formato del campo :attribute no es válido.',
    date: 'El campo :attribute debe ser una fecha válida.',
    date_format: 'El campo :attribute debe coincidir con el formato :format.',
    after_or_equal: 'El campo :attribute debe ser una fecha posterior o igual a :date.',
    before_or_equal: 'El campo :attribute debe ser una fecha anterior o igual a :date.',
    in_list: 'El campo :attribute seleccionado no es válido. Valores admitidos: :values.',
    webhook_private_target: 'El campo :attribute no puede apuntar a una dirección privada o local.',
    webhook_https_required: 'El campo :attribute debe usar https.',
    webhook_limit: 'Este restaurante ya tiene :max webhooks, el máximo: elimine uno antes de añadir otro.',
    unique: 'El valor del campo :attribute ya está en uso.',
    decimal: 'El campo :attribute debe tener :decimal cifras decimales.',
    multiple_of: 'El campo :attribute debe ser un múltiplo de :value.',
    hex_color: 'El campo :attribute debe ser un color hexadecimal válido.',
    distinct: 'El campo :attribute contiene un valor duplicado.',
    prohibited: 'El campo :attribute está prohibido.',
    different: 'Los campos :attribute y :other deben ser diferentes.',
    locale_in_supported: 'El campo :attribute debe ser uno de los idiomas admitidos.',
    email_unverified: 'El menú puede publicarse cuando se confirme el e-mail del propietario: abra el enlace enviado.',
    more_errors_one: '(y 1 error más)',
    more_errors_other: '(y :count errores más)',
    malformed_json: 'El cuerpo de la solicitud no es un JSON válido.',
    unsupported_media_type: 'El cuerpo de la solicitud debe ser JSON (Content-Type: application/json).',
    payload_too_large: 'El cuerpo de la solicitud supera el tamaño máximo permitido.',
    method_not_allowed: 'Método no permitido.',
    too_many_requests: 'Demasiadas solicitudes. Inténtelo de nuevo en :count segundos.',
    restaurant_suspended: 'Este restaurante está suspendido por el operador del servicio. Motivo: :reason',
    limit_dishes: 'Este restaurante puede tener como máximo :max platos (límite fijado por el operador del servicio).',
    limit_photos: 'Las fotos de este restaurante superarían :max MB, su límite: elimine algunas primero.',
    server_error: 'Error del servidor. Inténtelo de nuevo en unos segundos.',
    section_not_empty: 'La sección no se puede eliminar porque contiene platos o subsecciones.',
    type_of_other_section:
      'El campo :attribute seleccionado pertenece a otra sección: elija uno de la sección del plato.',
    range_needs_both: 'Para :attribute, indique la hora de apertura y la de cierre.',
    type_in_use: 'La subcategoría no se puede eliminar porque la usan algunos platos.',
    type_move_in_use: 'La subcategoría no se puede mover a otra sección porque la usan algunos platos.',
    body_not_object: 'El cuerpo de la solicitud debe ser un objeto JSON.',
    winery_in_use: 'La bodega no se puede eliminar porque la usan algunos platos.',
    range_too_long: 'El período no puede superar un año.',
    service_unavailable: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    write_conflict: 'El menú fue modificado por otra solicitud al mismo tiempo. Recargue e inténtelo de nuevo.',
    idempotency_key_reused: 'Esta Idempotency-Key ya se usó para otra solicitud: use una nueva.',
    idempotency_in_progress:
      'Una solicitud con esta Idempotency-Key todavía se está procesando: inténtelo de nuevo en unos segundos.',
    idempotency_key_invalid: 'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres visibles.',
    precondition_failed: 'El recurso cambió desde que se leyó (If-Match): léalo de nuevo e inténtelo otra vez.',
    reference_gone: 'Un elemento relacionado acaba de ser eliminado o modificado. Recargue e inténtelo de nuevo.',
    bad_request: 'La solicitud no se puede leer.',
    origin_not_allowed: 'Los eventos solo se aceptan desde las páginas de este restaurante.',
    image: 'El campo :attribute debe ser una imagen.',
    image_too_large: 'El campo :attribute es demasiado grande: :width×:height píxeles, como máximo :max megapíxeles.',
    unsupported_image_type:
      'La imagen debe enviarse como cuerpo de la solicitud con Content-Type image/jpeg, image/png o image/webp.',
    file_encoding:
      'No se reconoce la codificación de caracteres del archivo: guárdelo como «CSV UTF-8» (o como libro de Excel .xlsx) e impórtelo de nuevo. No se ha cambiado nada.',
    file_damaged: 'El archivo ya contiene caracteres dañados (�) en la línea :line: corríjalos e impórtelo de nuevo.',
    csv_malformed: 'El CSV no se puede leer en la línea :line: revise las comillas y los separadores.',
    xlsx_unreadable: 'El archivo no es un libro de Excel (.xlsx) legible.',
    xlsx_too_many_rows: 'La hoja tiene más de :max filas de platos: divídala en varios archivos.',
    xlsx_formula: 'La celda :attribute contiene una fórmula: escriba su valor.',
    xlsx_date: 'La celda :attribute contiene una fecha, no un precio: déle formato de número.',
    xlsx_error_value: 'La celda :attribute contiene un error de Excel (:value).',
    prune_confirm:
      'Esta importación eliminaría :deleted de :total platos: para confirmar, repita la solicitud con confirm_delete=:deleted.',
    lte_other: 'El campo :attribute debe ser menor o igual que :other.',
    group_attached:
      'El grupo está asignado a platos (:count): para quitarlo de ellos y eliminarlo, repite la solicitud con confirm_detach=:count.',
  },
};

function upperFirst(value: string): string {
  return value.length === 0 ? value : value.charAt(0).toUpperCase() + value.slice(1);
}

/** Replaces :attribute / :Attribute (first letter upper-cased) and any other :name placeholder from params. */
export function formatMessage(locale: Locale, key: MessageKey, params: Record<string, string | number>): string {
  const template = messages[locale][key];
  // Single pass: the regex takes the longest name, and substituted values are never re-scanned.
  return template.replace(/:([A-Za-z_]+)/g, (match: string, name: string): string => {
    if (Object.hasOwn(params, name)) return String(params[name]);
    if (name === 'Attribute' && Object.hasOwn(params, 'attribute')) {
      return upperFirst(String(params.attribute));
    }
    return match;
  });
}
