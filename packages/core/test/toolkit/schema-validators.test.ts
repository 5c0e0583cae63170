import 'reflect-metadata';
import { SCHEMA_EXPRESSIBLE_VALIDATORS, SCHEMA_VALIDATOR_DECORATORS } from '../../src/internal';

// class-validator's own constraint-name constants, as the decorators record them.
import {
  ARRAY_MAX_SIZE, ARRAY_MIN_SIZE, IS_ARRAY, IS_BOOLEAN, IS_DATE_STRING, IS_EMAIL, IS_ENUM, IS_IN, IS_INT, IS_ISO8601,
  IS_LENGTH, IS_NUMBER, IS_STRING, IS_URL, IS_UUID, MATCHES, MAX, MAX_LENGTH, MIN, MIN_LENGTH,
} from 'class-validator';

describe('SCHEMA_VALIDATOR_DECORATORS', () => {
  it('pairs each decorator with the constraint name class-validator records for it', () => {
    expect(SCHEMA_VALIDATOR_DECORATORS).toEqual({
      IsString: IS_STRING, IsInt: IS_INT, IsNumber: IS_NUMBER, IsBoolean: IS_BOOLEAN, IsArray: IS_ARRAY,
      IsEmail: IS_EMAIL, IsUrl: IS_URL, IsUUID: IS_UUID, IsISO8601: IS_ISO8601, IsDateString: IS_DATE_STRING,
      Min: MIN, Max: MAX, MinLength: MIN_LENGTH, MaxLength: MAX_LENGTH, Length: IS_LENGTH,
      ArrayMinSize: ARRAY_MIN_SIZE, ArrayMaxSize: ARRAY_MAX_SIZE, Matches: MATCHES, IsIn: IS_IN, IsEnum: IS_ENUM,
    });
  });

  it('leaves class-validator to check what the schema only approximates (@IsUUID versions)', () => {
    expect(SCHEMA_EXPRESSIBLE_VALIDATORS.has(IS_UUID)).toBe(false);
    expect(SCHEMA_EXPRESSIBLE_VALIDATORS.has(IS_LENGTH)).toBe(true);
    expect(SCHEMA_EXPRESSIBLE_VALIDATORS.has('isOptional')).toBe(true);
  });
});
