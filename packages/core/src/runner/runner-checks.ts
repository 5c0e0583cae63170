import { UserError } from '../errors/user.error';
import { timeLimitProblem } from '../limits/time-limit';

// The Runner's and run options' numeric checks, each a UserError naming the option and where it was given.

/** @internal A count option: a positive integer, or Infinity. */
export function checkPositive(name: string, value: number | undefined, where: string): void {
  if (value === undefined) return;
  if (!(value >= 1) || (!Number.isInteger(value) && value !== Infinity)) {
    throw new UserError(`${name} must be a positive integer (or Infinity), got ${value}; fix it in ${where}.`);
  }
}

/** @internal A positive number option (Infinity: none), checked by `valid`. */
export function checkLimit(name: string, value: number | undefined, where: string, valid: (value: number) => boolean): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || Number.isNaN(value) || !valid(value)) {
    throw new UserError(`${name} must be a positive number (or Infinity for no limit), got ${String(value)}; fix it in ${where}.`);
  }
}

/** @internal `toolTimeoutMs`: a time limit (see limits/time-limit.ts). */
export function checkTimeLimit(value: number | null | undefined, where: string): void {
  const problem = value === undefined ? undefined : timeLimitProblem(value);
  if (problem) throw new UserError(`toolTimeoutMs ${problem}; fix it in ${where}.`);
}
