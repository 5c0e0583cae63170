import { TemperatureUnit } from './weather.types';

/** Current conditions in one city. */
export interface Conditions {
  city: string;
  temperature: number;
  unit: TemperatureUnit;
  windKmh: number;
  summary: string;
}

const CELSIUS: Record<string, { temperature: number; windKmh: number; summary: string }> = {
  oslo: { temperature: 4, windKmh: 18, summary: 'light rain' },
  lisbon: { temperature: 19, windKmh: 11, summary: 'sunny' },
  tokyo: { temperature: 14, windKmh: 7, summary: 'cloudy' },
};

/** An in-memory weather service, so the example runs without network or keys. */
export class WeatherApi {
  /** Current conditions; throws for a city it does not know. */
  current(city: string, unit: TemperatureUnit = TemperatureUnit.Celsius): Conditions {
    const known = CELSIUS[city.trim().toLowerCase()];
    if (!known) throw new Error(`unknown city "${city}"; known cities: ${Object.keys(CELSIUS).join(', ')}`);
    const temperature = unit === TemperatureUnit.Fahrenheit ? Math.round(known.temperature * 1.8 + 32) : known.temperature;
    return { city, temperature, unit, windKmh: known.windKmh, summary: known.summary };
  }

  /** A forecast of `days` days, drifting one degree a day. */
  forecast(city: string, days: number, unit: TemperatureUnit): Conditions[] {
    const today = this.current(city, unit);
    return Array.from({ length: days }, (_, day) => ({ ...today, temperature: today.temperature + day }));
  }
}
