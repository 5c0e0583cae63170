import { IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Where to stay, for how long, and at what price. */
export class HotelQuery {
  /** City to stay in, e.g. "Bergen". */
  @IsString()
  @MinLength(2)
  @MaxLength(60)
  city!: string;

  /** Number of nights. */
  @IsInt()
  @Min(1)
  @Max(30)
  nights!: number;

  /** Upper limit per night, in euros; no limit when null. */
  @IsOptional()
  @IsNumber()
  @Min(1)
  maxPricePerNight?: number;
}
