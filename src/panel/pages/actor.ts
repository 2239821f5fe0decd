// Who a panel write is recorded as: the signed-in user, through the panel, no token.
import type { Actor } from '../../catalog/write.js';
import type { PanelContext } from '../context.js';

export function panelActor(ctx: PanelContext): Actor {
  return { via: 'panel', userId: ctx.session!.user.id, tokenId: null, tokenName: null };
}
