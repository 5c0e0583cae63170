import { Type } from 'class-transformer';
import { ArrayMinSize, IsInt, Max, Min, ValidateNested } from 'class-validator';

/** How full each day is. */
export enum Pace {
  Relaxed = 'relaxed',
  Packed = 'packed',
}

/** One day of the trip. */
export class TripDay {
  /** The day, as an ISO 8601 date-time. */
  date!: Date;
  /** What to do that day, in order. */
  @ArrayMinSize(1)
  activities!: string[];
}

/** A trip plan the agent answers with. */
export class TripPlan {
  /** The city the trip goes to. */
  destination!: string;
  @IsInt()
  @Min(1)
  @Max(14)
  nights!: number;
  pace!: Pace;
  @ValidateNested({ each: true })
  @Type(() => TripDay)
  days!: TripDay[];
  /** Anything the traveller should know. */
  notes?: string;

  /** A method: the answer is a real instance. */
  summary(): string {
    const first = this.days[0]?.date.toISOString().slice(0, 10) ?? 'no date';
    return `${this.nights} nights in ${this.destination} (${this.pace}), from ${first}: ${this.days.map((d) => d.activities.join(' + ')).join(' / ')}`;
  }
}
