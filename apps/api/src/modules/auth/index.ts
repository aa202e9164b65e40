/** The auth module's public surface (operators, sign-ins, the account): others import only this file. */
export { authRoutes } from './auth.routes';
export { accountRoutes } from './account.routes';
export { type AuthContext, type Operator, authenticate } from './auth.service';
export {
  type LiftedLock,
  addOperator,
  ensureFirstOperator,
  listOperators,
  nameFromEmail,
  operatorOib,
  resetPassword,
  unlockSignIns,
} from './operator.service';
export { generatePassword } from './password';
export { SignInQueue, type SignInQueueOptions } from './signInQueue';
export { loadSecret } from './tokens';
