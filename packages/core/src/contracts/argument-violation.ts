export interface ArgumentViolation {
  path: string;
  message: string;
}
