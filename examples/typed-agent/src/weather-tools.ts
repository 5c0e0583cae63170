import { Param, Tool } from '@toolwright/core';

/** A stand-in forecast, so the example runs offline. */
export class WeatherTools {
  /** The forecast for a city, for the next days. */
  @Tool({ readOnly: true })
  forecast(@Param('city') city: string): string {
    return `${city}: sunny on the first day, rain on the second.`;
  }
}
