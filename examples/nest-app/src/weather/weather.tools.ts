import { Injectable, UsePipes } from '@nestjs/common';
import { Param, Tool, Toolkit } from '@toolwright/core';
import { CityNamePipe } from './city-name.pipe';
import { WeatherService } from './weather.service';

/** Weather tools: an ordinary provider with an injected service; a Nest pipe tidies city names. */
@Toolkit({ name: 'weather' })
@Injectable()
export class WeatherTools {
  constructor(private readonly weather: WeatherService) {}

  /**
   * Get the current weather for a city.
   * @param city The city name, e.g. "Oslo".
   * @param unit Temperature unit; Celsius when omitted.
   */
  @Tool({ timeoutMs: 5_000, readOnly: true })
  @UsePipes(CityNamePipe)
  getWeather(@Param('city', { minLength: 2 }) city: string, @Param('unit') unit?: 'celsius' | 'fahrenheit'): string {
    const now = this.weather.current(city);
    const temperature = unit === 'fahrenheit' ? `${Math.round((now.temperatureC * 9) / 5 + 32)}°F` : `${now.temperatureC}°C`;
    return `${city}: ${temperature}, ${now.summary}`;
  }
}
