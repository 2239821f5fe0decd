// Pictures in the panel: a dish's photo, the logo and the cover, each a small form of its own
// beside the editor's (a file cannot travel in the editor's urlencoded form): the current picture,
// a file input that is also a drop zone, replace and remove. The file is checked exactly as the
// API's PUT does (10 MiB, sniffed and re-encoded by media/encode.ts) and written through the same
// service function inside writeMenu; a refusal draws the page again with the message next to the
// field, in the panel's language.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MenuSnapshot } from '../catalog/snapshot.js';
import { type MenuWrite, ownerSnapshot } from '../catalog/write.js';
import { NotFoundError, ValidationError } from '../core/errors.js';
import { attrs, type Html, html } from '../http/html.js';
import { type EncodedImage, encodeImage, type WIDTHS } from '../resources/media/encode.js';
import { imageSrcsets, parseImageRef } from '../resources/media/urls.js';
import { type PanelContext, type PanelLocale, pathParam, seeOther, sendPage } from './context.js';
import { csrfField, type FieldErrors, fieldError, fieldId, notice } from './forms.js';
import { confirmForm } from './pages/one-time.js';
import { refusalOf, saveThrough } from './save.js';
import { UPLOAD_MAX_BYTES, uploadRoute } from './uploads.js';

export type PictureKind = 'photo' | 'logo' | 'cover';

const en = {
  title: { photo: 'Photo', logo: 'Logo', cover: 'Cover picture' } as Record<PictureKind, string>,
  none: { photo: 'No photo yet.', logo: 'No logo uploaded.', cover: 'No cover picture uploaded.' } as Record<
    PictureKind,
    string
  >,
  current: (what: string) => `Current ${what.toLowerCase()}`,
  choose: { photo: 'Choose a photo', logo: 'Choose a logo', cover: 'Choose a cover picture' } as Record<
    PictureKind,
    string
  >,
  hint: 'JPEG, PNG or WebP, at most 10 MB. Choose a file or drop it on this box. Uploading saves the picture at once (other changes on this page are saved with their own button).',
  upload: 'Upload',
  replace: 'Replace',
  remove: { photo: 'Remove the photo', logo: 'Remove the logo', cover: 'Remove the cover picture' } as Record<
    PictureKind,
    string
  >,
  removeQuestion: {
    photo: 'Remove the photo? Diners will no longer see it.',
    logo: 'Remove the logo? Diners will no longer see it.',
    cover: 'Remove the cover picture? Diners will no longer see it.',
  } as Record<PictureKind, string>,
  noFile: 'Choose a file first.',
  notImage: 'This file is not a picture the menu can show: choose a JPEG, PNG or WebP image.',
  tooLarge: 'This file is larger than 10 MB: choose a smaller one (a phone photo is usually 2–5 MB).',
  saved: { photo: 'Photo saved.', logo: 'Logo saved.', cover: 'Cover picture saved.' } as Record<PictureKind, string>,
  removed: { photo: 'Photo removed.', logo: 'Logo removed.', cover: 'Cover picture removed.' } as Record<
    PictureKind,
    string
  >,
  newDish: 'You can add a photo once the dish is created.',
};

const it: typeof en = {
  title: { photo: 'Foto', logo: 'Logo', cover: 'Immagine di copertina' },
  none: { photo: 'Ancora nessuna foto.', logo: 'Nessun logo caricato.', cover: 'Nessuna copertina caricata.' },
  current: (what) => `${what} attuale`,
  choose: { photo: 'Scegli una foto', logo: 'Scegli un logo', cover: "Scegli un'immagine di copertina" },
  hint: 'JPEG, PNG o WebP, al massimo 10 MB. Scegli un file o trascinalo su questo riquadro. Il caricamento salva subito l’immagine (le altre modifiche della pagina si salvano con il loro pulsante).',
  upload: 'Carica',
  replace: 'Sostituisci',
  remove: { photo: 'Rimuovi la foto', logo: 'Rimuovi il logo', cover: "Rimuovi l'immagine di copertina" },
  removeQuestion: {
    photo: 'Rimuovere la foto? I clienti non la vedranno più.',
    logo: 'Rimuovere il logo? I clienti non lo vedranno più.',
    cover: 'Rimuovere l’immagine di copertina? I clienti non la vedranno più.',
  },
  noFile: 'Scegli prima un file.',
  notImage: 'Questo file non è un’immagine che il menu può mostrare: scegli un’immagine JPEG, PNG o WebP.',
  tooLarge: 'Questo file supera i 10 MB: scegline uno più piccolo (una foto del telefono di solito pesa 2–5 MB).',
  // Agreement with each noun: la foto, il logo, l’immagine di copertina.
  saved: { photo: 'Foto salvata.', logo: 'Logo salvato.', cover: 'Immagine di copertina salvata.' },
  removed: { photo: 'Foto rimossa.', logo: 'Logo rimosso.', cover: 'Immagine di copertina rimossa.' },
  newDish: 'Potrai aggiungere una foto dopo aver creato il piatto.',
};

export const pictureTexts = (locale: PanelLocale) => (locale === 'it' ? it : en);

export interface PictureField {
  kind: PictureKind;
  /** The stored column's value (the image's JSON reference), null when there is none. */
  stored: string | null;
  /** The form's address; `${action}/remove` removes. */
  action: string;
  /** Messages of this picture's form, by field (`kind`). */
  errors: FieldErrors;
}

/** What a just-finished upload or removal says, from the page's address (`?picture=photo-saved`). */
function doneNotice(ctx: PanelContext, kind: PictureKind, hasErrors: boolean): Html {
  const t = pictureTexts(ctx.locale);
  const done = new URL(ctx.url, 'http://panel').searchParams.get('picture');
  // Never with this picture's own refusal (a new upload refused after the last one saved).
  if (hasErrors) return html``;
  if (done === `${kind}-saved`) return notice('success', t.saved[kind]);
  if (done === `${kind}-removed`) return notice('success', t.removed[kind]);
  return html``;
}

/** The picture's section: what is there now, the upload form (drop zone) and the remove button. */
export function pictureField(ctx: PanelContext, f: PictureField): Html {
  const t = pictureTexts(ctx.locale);
  const ref = parseImageRef(f.stored);
  const id = fieldId(f.kind);
  const messages = f.errors[f.kind] ?? [];
  const invalid = messages.length > 0;
  const what = t.title[f.kind];
  const current = ref
    ? html`<img class="picture-current" src="${imageSrcsets(ref).src}" alt="${t.current(what)}" width="160" height="120">`
    : html`<p class="picture-none">${t.none[f.kind]}</p>`;
  const control = attrs({
    id,
    name: f.kind,
    type: 'file',
    accept: 'image/jpeg,image/png,image/webp',
    required: true,
    'data-max-bytes': UPLOAD_MAX_BYTES,
    'data-too-large': t.tooLarge,
    'aria-describedby': [`${id}-hint`, invalid ? `${id}-error` : ''],
    'aria-invalid': invalid ? 'true' : undefined,
  });
  const remove = ref
    ? confirmForm(ctx, { action: `${f.action}/remove`, label: t.remove[f.kind], question: t.removeQuestion[f.kind] })
    : '';
  return html`<section class="picture" aria-labelledby="${id}-title"><h2 id="${id}-title">${what}</h2>${doneNotice(ctx, f.kind, invalid)}
<div class="picture-row">${current}
<form method="post" action="${f.action}" enctype="multipart/form-data" class="stack picture-form" novalidate>${csrfField(ctx)}
<div${attrs({ class: ['field', 'drop-zone', invalid && 'invalid'], 'data-drop': '' })}><label for="${id}">${t.choose[f.kind]}</label><p class="hint" id="${id}-hint">${t.hint}</p>${fieldError(id, messages)}<input${control}><img class="drop-preview" alt="" hidden></div>
<div class="actions"><button type="submit" class="primary">${ref ? t.replace : t.upload}</button></div>
</form>${remove}</div></section>`;
}

/** A dish's photo as a list shows it: 40 px from its smallest stored width (nothing when none). */
export function thumbnail(stored: string | null): Html {
  const ref = parseImageRef(stored);
  return ref
    ? html`<img class="thumb" src="${imageSrcsets(ref).src}" alt="" width="40" height="40" loading="lazy"> `
    : html``;
}

/** The picture section of a page where there is nothing to attach it to yet (a dish not created). */
export function pictureLater(ctx: PanelContext): Html {
  return html`<p class="hint">${pictureTexts(ctx.locale).newDish}</p>`;
}

export interface PictureRoutes {
  kind: PictureKind;
  /** Route path under /admin (may hold `:id`). */
  path: string;
  purpose: keyof typeof WIDTHS;
  /** `owner` when only owners may change it (the settings). */
  audience?: 'owner';
  /** 404 (throw) when the row named by the path is not the restaurant's, before the file is read. */
  check(snapshot: MenuSnapshot, request: FastifyRequest): void;
  /** Writes the picture (null removes it) through the resource's own function, inside writeMenu. */
  write(w: MenuWrite, request: FastifyRequest, image: EncodedImage | null): Promise<void>;
  /** The page the form is on, drawn again with the form's messages. */
  page(ctx: PanelContext, snapshot: MenuSnapshot, request: FastifyRequest, side: FieldErrors): Html;
  /** The page's address (the answer after a save goes back there). */
  back(request: FastifyRequest): string;
}

/** Registers the upload and the removal of one kind of picture. */
export function registerPictureRoutes(app: FastifyInstance, r: PictureRoutes): void {
  const config: { panelAccess?: 'owner' } = r.audience ? { panelAccess: r.audience } : {};
  const again = async (request: FastifyRequest, reply: FastifyReply, message: string, status: number) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    return sendPage(reply, r.page(ctx, snapshot, request, { [r.kind]: [message] }), status);
  };
  const done = (request: FastifyRequest, reply: FastifyReply, what: 'saved' | 'removed') =>
    seeOther(reply, `${r.back(request)}?picture=${r.kind}-${what}#${fieldId(r.kind)}-title`);

  // The guard has checked the session and the role from the headers; the form's token is its
  // first part (uploads.ts). A file over 10 MiB is answered on the page, next to the field.
  const form = { fields: [], file: r.kind, fileMax: UPLOAD_MAX_BYTES };
  const before = async (request: FastifyRequest) => r.check(await ownerSnapshot(app, request.panel.tenantId), request);
  const fileTooLarge = (request: FastifyRequest, reply: FastifyReply) =>
    again(request, reply, pictureTexts(request.panel.locale).tooLarge, 413);
  uploadRoute(app, r.path, { access: r.audience, form, before, fileTooLarge }, async (request, reply, upload) => {
    const ctx = request.panel;
    const t = pictureTexts(ctx.locale);
    const file = upload.file;
    if (file.length === 0) return again(request, reply, t.noFile, 422);
    let image: EncodedImage;
    try {
      image = await encodeImage(file, r.purpose, r.kind);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const notImage = err.issues.some((i) => i.rule === 'image');
      const refusal = refusalOf(ctx, err, { [r.kind]: t.title[r.kind] });
      const message = notImage ? t.notImage : (refusal?.errors[r.kind]?.[0] ?? t.notImage);
      return again(request, reply, message, 422);
    }
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => r.write(w, request, image));
    if (!saved.ok) return again(request, reply, saved.message ?? t.notImage, saved.status);
    return done(request, reply, 'saved');
  });

  app.post(`${r.path}/remove`, { config }, async (request, reply) => {
    const ctx = request.panel;
    r.check(await ownerSnapshot(app, ctx.tenantId), request);
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => r.write(w, request, null));
    if (!saved.ok) return again(request, reply, saved.message ?? '', saved.status);
    return done(request, reply, 'removed');
  });
}

/** The `:id` of a picture route, checked as the editor checks it (another restaurant's: 404). */
export function rowId(request: FastifyRequest): number {
  const raw = pathParam(request, 'id');
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}
