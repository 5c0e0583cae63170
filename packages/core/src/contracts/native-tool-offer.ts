/**
 * A function tool that can also be offered as a provider's built-in, client-executed tool of the
 * same purpose (OpenAI's `apply_patch`, ...): the model then calls the built-in form, and the
 * provider's model class maps those calls onto this tool, so the runner runs them like any other
 * call. `when: 'auto'` leaves it to the model class (the built-in form where the provider
 * documents it for the model, the function otherwise); `'always'` asks for the built-in form.
 *
 * `form` says which side of the pair the tool is, for built-ins whose calls have another shape
 * than the function's (OpenAI's `shell` runs a list of commands): `'either'` (default) is offered
 * in both forms; `'native'` only as the built-in (left out where it is not offered); `'function'`
 * is the function tool standing in for the built-in (left out where the built-in is offered).
 */
export interface NativeToolOffer {
  type: string;
  when: 'auto' | 'always';
  form?: 'either' | 'native' | 'function';
}
