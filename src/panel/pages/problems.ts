// Account rules refused by the users module, said in the panel's language.
import type { UserProblem } from '../../accounts/users/service.js';
import type { PanelContext } from '../context.js';

export function problemMessage(ctx: PanelContext, problem: UserProblem): string {
  const { t } = ctx;
  switch (problem) {
    case 'email_invalid':
      return t.emailInvalid;
    case 'email_taken':
      return t.emailTaken;
    case 'password_short':
      return t.passwordShort;
    case 'password_long':
      return t.passwordLong;
    case 'password_wrong':
      return t.passwordWrong;
  }
}
