import { defineTool, ToolResult, type Tool, type ToolContext } from '@toolwright/core';

/** What a trip-planning run knows about the traveller. */
export interface Traveller {
  name: string;
  homeCity: string;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

const AIRLINES = ['Norwegian', 'SAS', 'Widerøe', 'KLM'];

/** The slow one: asks four airlines in turn and reports progress after each. */
export const searchFlights: Tool<Traveller> = defineTool<Traveller>({
  name: 'search_flights',
  description: 'Search flights between two cities on a date; returns the cheapest options.',
  parameters: {
    type: 'object',
    properties: {
      from: { type: 'string', description: 'Departure city' },
      to: { type: 'string', description: 'Arrival city' },
      date: { type: 'string', description: 'Departure date, YYYY-MM-DD' },
    },
    required: ['from', 'to', 'date'],
  },
  timeoutMs: 5_000,
  async invoke(ctx: ToolContext<Traveller>, args: { from: string; to: string; date: string }) {
    const offers: Array<{ airline: string; price: number; departs: string }> = [];
    for (const [i, airline] of AIRLINES.entries()) {
      await wait(180, ctx.signal);
      offers.push({ airline, price: 89 + ((args.to.length * 37 + i * 53) % 140), departs: `${7 + i * 3}:${i % 2 ? '45' : '10'}` });
      ctx.emit(`asked ${airline} (${i + 1}/${AIRLINES.length})`);
    }
    offers.sort((a, b) => a.price - b.price);
    const best = offers.slice(0, 2);
    return ToolResult.text(best.map((o) => `${o.airline} ${args.from}→${args.to} ${args.date} ${o.departs}, €${o.price}`).join('\n'))
      .withDetails({ offers })
      .withTitle(`Flights ${args.from}→${args.to}`);
  },
});

/** Runs in parallel with find_hotels. */
export const getWeather: Tool<Traveller> = defineTool<Traveller>({
  name: 'get_weather',
  description: 'Get the weather forecast for a city on a date.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, date: { type: 'string', description: 'YYYY-MM-DD' } },
    required: ['city', 'date'],
  },
  async invoke(ctx: ToolContext<Traveller>, args: { city: string; date: string }) {
    await wait(250, ctx.signal);
    return { city: args.city, date: args.date, forecast: 'light rain, clearing in the afternoon', highC: 14, lowC: 8 };
  },
});

/** Runs in parallel with get_weather. */
export const findHotels: Tool<Traveller> = defineTool<Traveller>({
  name: 'find_hotels',
  description: 'Find hotels in a city for a number of nights, cheapest first.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      nights: { type: 'integer', minimum: 1, maximum: 30 },
      maxPricePerNight: { type: 'number', description: 'Upper limit in euros' },
    },
    required: ['city', 'nights'],
  },
  async invoke(ctx: ToolContext<Traveller>, args: { city: string; nights: number; maxPricePerNight?: number }) {
    await wait(300, ctx.signal);
    const limit = args.maxPricePerNight ?? Infinity;
    const hotels = [
      { name: 'Hotel Bryggen', perNight: 129 },
      { name: 'Citybox', perNight: 89 },
      { name: 'Grand Terminus', perNight: 159 },
    ]
      .filter((h) => h.perNight <= limit)
      .sort((a, b) => a.perNight - b.perNight);
    return hotels.map((h) => `${h.name}: €${h.perNight}/night, €${h.perNight * args.nights} for ${args.nights} nights`).join('\n');
  },
});

/** Every tool of the demo. */
export const tripTools: Tool<Traveller>[] = [searchFlights, getWeather, findHotels];
