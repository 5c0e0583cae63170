/**
 * The class-validator decorators the scanner writes into a tool's JSON schema, each with the
 * constraint name class-validator records for it (`@IsUUID` records `isUuid`, `@Length`
 * `isLength`). The one list both sides read: the scanner by decorator name when it builds a
 * schema, core by constraint name when it decides whether class-validator must run as well.
 */
export const SCHEMA_VALIDATOR_DECORATORS: Readonly<Record<string, string>> = Object.freeze({
  IsString: 'isString',
  IsInt: 'isInt',
  IsNumber: 'isNumber',
  IsBoolean: 'isBoolean',
  IsArray: 'isArray',
  IsEmail: 'isEmail',
  IsUrl: 'isUrl',
  IsUUID: 'isUuid',
  IsISO8601: 'isIso8601',
  IsDateString: 'isDateString',
  Min: 'min',
  Max: 'max',
  MinLength: 'minLength',
  MaxLength: 'maxLength',
  Length: 'isLength',
  ArrayMinSize: 'arrayMinSize',
  ArrayMaxSize: 'arrayMaxSize',
  Matches: 'matches',
  IsIn: 'isIn',
  IsEnum: 'isEnum',
});

/** Constraints the schema only approximates: `format: uuid` accepts every version `@IsUUID('4')` may exclude. */
const APPROXIMATED = new Set(['isUuid']);

/**
 * class-validator constraints the compiled JSON schema already enforces: those of
 * {@link SCHEMA_VALIDATOR_DECORATORS} it expresses whole (`matches` only without flags that
 * change matching: the scanner leaves `@Matches(/re/i)` out of the schema), and those the schema's
 * shape covers (`@IsOptional`, `@IsDate`, `@IsObject`, `@IsNotEmptyObject`, `@IsDefined`).
 * Anything else on a DTO (custom validators, `@ValidateIf`, async validators, flagged `@Matches`,
 * ...) makes Toolwright run class-validator too, in the argument validation stage, before the
 * call can run.
 */
export const SCHEMA_EXPRESSIBLE_VALIDATORS: ReadonlySet<string> = new Set([
  ...Object.values(SCHEMA_VALIDATOR_DECORATORS).filter((constraint) => !APPROXIMATED.has(constraint)),
  'isOptional', 'isDate', 'isObject', 'isNotEmptyObject', 'isDefined',
]);
