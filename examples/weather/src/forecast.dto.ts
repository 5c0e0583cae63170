import { Type } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { TemperatureUnit } from './weather.types';

/** Where to forecast. */
export class Place {
  /** City name, e.g. "Oslo". */
  @IsString()
  @MinLength(2)
  @MaxLength(60)
  city!: string;

  /** ISO 3166 country code, e.g. "NO". */
  @IsOptional()
  @IsString()
  @MinLength(2)
  @MaxLength(2)
  country?: string;
}

/** Arguments of `get_forecast`. */
export class ForecastArgs {
  @ValidateNested()
  @Type(() => Place)
  place!: Place;

  /** Number of days, today included. */
  @IsInt()
  @Min(1)
  @Max(7)
  days!: number;

  @IsOptional()
  @IsEnum(TemperatureUnit)
  unit?: TemperatureUnit;
}
