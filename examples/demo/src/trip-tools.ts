import { Args, Ctx, Param, Tool, Toolkit, ToolResult, type ToolContext } from '@toolwright/core';
import { HotelQuery } from './hotel-query.dto';
import { wait } from './wait';

/** What a trip-planning run knows about the traveller. */
export interface Traveller {
  name: string;
  homeCity: string;
}

const AIRLINES = ['Norwegian', 'SAS', 'Widerøe', 'KLM'];
const HOTELS = [
  { name: 'Hotel Bryggen', perNight: 129 },
  { name: 'Citybox', perNight: 89 },
  { name: 'Grand Terminus', perNight: 159 },
];
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * The demo's trip-planning tools. Their JSON schemas are generated from these signatures and
 * embedded into the compiled `@Tool(...)` calls by `toolwright build`.
 */
@Toolkit({ name: 'trip', description: 'Flights, weather and hotels for short trips.' })
export class TripTools {
  /**
   * Search flights between two cities on a date; returns the cheapest options.
   * @param from Departure city.
   * @param to Arrival city.
   * @param date Departure date, YYYY-MM-DD.
   */
  @Tool({ timeoutMs: 5_000 })
  async searchFlights(
    @Param('from', { minLength: 2 }) from: string,
    @Param('to', { minLength: 2 }) to: string,
    @Param('date', { pattern: ISO_DATE }) date: string,
    @Ctx() ctx: ToolContext<Traveller>,
  ): Promise<ToolResult> {
    // The demo's slow tool: it asks four airlines in turn and reports progress after each.
    const offers: Array<{ airline: string; price: number; departs: string }> = [];
    for (const [i, airline] of AIRLINES.entries()) {
      await wait(180, ctx.signal);
      offers.push({ airline, price: 89 + ((to.length * 37 + i * 53) % 140), departs: `${7 + i * 3}:${i % 2 ? '45' : '10'}` });
      ctx.emit(`asked ${airline} (${i + 1}/${AIRLINES.length})`);
    }
    offers.sort((a, b) => a.price - b.price);
    const best = offers.slice(0, 2);
    return ToolResult.text(best.map((o) => `${o.airline} ${from}→${to} ${date} ${o.departs}, €${o.price}`).join('\n'))
      .withDetails({ offers })
      .withTitle(`Flights ${from}→${to}`);
  }

  /**
   * Get the weather forecast for a city on a date.
   * @param city City name, e.g. "Bergen".
   * @param date Day of the forecast, YYYY-MM-DD.
   */
  @Tool()
  async getWeather(
    @Param('city', { minLength: 2 }) city: string,
    @Param('date', { pattern: ISO_DATE }) date: string,
    @Ctx() ctx: ToolContext<Traveller>,
  ): Promise<{ city: string; date: string; forecast: string; highC: number; lowC: number }> {
    await wait(250, ctx.signal);
    return { city, date, forecast: 'light rain, clearing in the afternoon', highC: 14, lowC: 8 };
  }

  /** Find hotels in a city for a number of nights, cheapest first. */
  @Tool()
  async findHotels(@Args() query: HotelQuery, @Ctx() ctx: ToolContext<Traveller>): Promise<string> {
    // The model calls this and get_weather in one turn; the runner runs them in parallel.
    await wait(300, ctx.signal);
    const limit = query.maxPricePerNight ?? Infinity;
    const hotels = HOTELS.filter((h) => h.perNight <= limit).sort((a, b) => a.perNight - b.perNight);
    if (hotels.length === 0) return `No hotel in ${query.city} at €${limit}/night or less; the cheapest is €${Math.min(...HOTELS.map((h) => h.perNight))}.`;
    const nights = `${query.nights} night${query.nights === 1 ? '' : 's'}`;
    return hotels.map((h) => `${h.name}: €${h.perNight}/night, €${h.perNight * query.nights} for ${nights}`).join('\n');
  }
}
