import { Injectable } from '@nestjs/common';

/** Deterministic demo weather (a real app would call a weather API here). */
@Injectable()
export class WeatherService {
  current(city: string): { temperatureC: number; summary: string } {
    const seed = [...city.toLowerCase()].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
    const summaries = ['sunny', 'cloudy', 'rainy', 'windy'];
    return { temperatureC: (seed % 30) - 5, summary: summaries[seed % summaries.length] };
  }
}
