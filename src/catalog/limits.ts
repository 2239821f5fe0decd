// The operator's limits on what a restaurant stores, enforced inside every menu write (API, panel,
// import, templates, command line): after the work, in the same transaction (the version bump has
// locked the restaurant's row, so two writes cannot both pass the count), a write that adds dishes
// past the restaurant's limit or photos past its storage limit is refused and rolled back.
import { countDishes, effectiveLimits, type Limits, photoBytes } from '../accounts/tenants/limits.js';
import { ConflictError } from '../core/errors.js';
import type { Change, InTransaction } from './write.js';

const IMAGE_FIELDS = ['image', 'logo_image', 'cover_image'] as const;

/** Whether a change stored a new picture (a dish's photo, the logo, the cover). */
function addsPicture(change: Change): boolean {
  if (change.action === 'deleted' || !change.after) return false;
  const after = change.after as Record<string, unknown>;
  const before = (change.before ?? {}) as Record<string, unknown>;
  return IMAGE_FIELDS.some((f) => after[f] !== undefined && after[f] !== null && after[f] !== before[f]);
}

export function limitsListener(
  defaults: () => Pick<Limits, 'dishes' | 'photoMb' | 'webhooks' | 'adminRate'>,
): InTransaction {
  return async (trx, tenantId, _actor, changes) => {
    const addsDishes = changes.some((c) => c.resource === 'items' && c.action === 'created');
    const addsPhotos = changes.some(addsPicture);
    if (!addsDishes && !addsPhotos) return;
    const limits = await effectiveLimits(trx, tenantId, defaults());
    if (addsDishes && (await countDishes(trx, tenantId)) > limits.dishes) {
      throw new ConflictError('limit_dishes', undefined, { max: limits.dishes });
    }
    if (addsPhotos && (await photoBytes(trx, tenantId)) > limits.photoMb * 1024 * 1024) {
      throw new ConflictError('limit_photos', undefined, { max: limits.photoMb });
    }
  };
}
