import { LIMITS } from './constants.js';

const SPECIAL = /[^A-Za-z0-9\s]/;

export interface PasswordCriteria {
  length: boolean;
  digit: boolean;
  lowercase: boolean;
  uppercase: boolean;
  special: boolean;
}

/** The five criteria the strength meter counts (product.md §5). */
export function passwordCriteria(password: string): PasswordCriteria {
  return {
    length: password.length >= LIMITS.passwordMin,
    digit: /\d/.test(password),
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    special: SPECIAL.test(password),
  };
}

export type PasswordStrength = 'none' | 'notStrong' | 'normal' | 'strong' | 'veryStrong';

/** Not Strong for 1-2 criteria, Normal 3, Strong 4, Very Strong 5 (product.md §5). */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  if (met === 0) return 'none';
  if (met <= 2) return 'notStrong';
  if (met === 3) return 'normal';
  if (met === 4) return 'strong';
  return 'veryStrong';
}

/** Register/login rule: at least 8 characters, upper and lower case, a special character. */
export function weakPasswordReasons(password: string): string[] {
  const criteria = passwordCriteria(password);
  const reasons: string[] = [];
  if (!criteria.length) reasons.push(`at least ${LIMITS.passwordMin} characters`);
  if (!criteria.uppercase || !criteria.lowercase) reasons.push('upper and lower case letters');
  if (!criteria.special) reasons.push('a special character');
  return reasons;
}

/** Reset rule: 8 to 100 characters with a digit, lower, upper, special and no spaces. */
export function newPasswordProblems(password: string): string[] {
  const problems = weakPasswordReasons(password);
  if (!passwordCriteria(password).digit) problems.push('a digit');
  if (/\s/.test(password)) problems.push('no spaces');
  if (password.length > LIMITS.passwordResetMax) problems.push(`at most ${LIMITS.passwordResetMax} characters`);
  return problems;
}
