import { Args, Param, Tool, Toolkit } from '@toolwright/core';
import { ForecastArgs } from './forecast.dto';
import { WeatherApi } from './weather-api';
import { TemperatureUnit, type Metric } from './weather.types';

/** Weather tools over a {@link WeatherApi}. Their schemas are embedded at build time. */
@Toolkit({ name: 'weather' })
export class WeatherTools {
  constructor(private readonly api: WeatherApi = new WeatherApi()) {}

  /**
   * Get the current weather for a city.
   * @param city The city name, e.g. "Oslo".
   * @param unit Temperature unit; Celsius when omitted.
   */
  @Tool({ timeoutMs: 5_000 })
  getWeather(@Param('city', { minLength: 2 }) city: string, @Param('unit') unit?: TemperatureUnit): string {
    const now = this.api.current(city, unit);
    return `${now.city}: ${now.temperature}°${now.unit === TemperatureUnit.Celsius ? 'C' : 'F'}, ${now.summary}, wind ${now.windKmh} km/h`;
  }

  /** Get a daily forecast for a place. */
  @Tool()
  getForecast(@Args() args: ForecastArgs): string {
    const days = this.api.forecast(args.place.city, args.days, args.unit ?? TemperatureUnit.Celsius);
    return days.map((day, index) => `day ${index + 1}: ${day.temperature}° ${day.summary}`).join('\n');
  }

  /**
   * Compare cities by a metric and list them from highest to lowest.
   * @param cities Two to five city names.
   * @param metric What to compare.
   */
  @Tool()
  compareCities(@Param('cities') cities: string[], @Param('metric') metric: Metric): string {
    const rows = cities.map((city) => {
      const now = this.api.current(city);
      return { city, value: metric === 'temperature' ? now.temperature : now.windKmh };
    });
    rows.sort((a, b) => b.value - a.value);
    return rows.map((row) => `${row.city}: ${row.value}${metric === 'temperature' ? '°C' : ' km/h'}`).join('\n');
  }

  /**
   * Plan an outdoor activity at a given time.
   * @param city Where.
   * @param at When, as an ISO 8601 date-time.
   */
  @Tool({ name: 'plan_outing' })
  planOuting(@Param('city') city: string, @Param('at') at: Date): string {
    const now = this.api.current(city);
    const verdict = now.summary === 'sunny' ? 'go ahead' : 'bring a jacket';
    return `${city} on ${at.toISOString().slice(0, 10)}: ${now.summary}, ${verdict}`;
  }
}
