/** Temperature units the tools accept. */
export enum TemperatureUnit {
  Celsius = 'celsius',
  Fahrenheit = 'fahrenheit',
}

/** What `compare_cities` compares. */
export type Metric = 'temperature' | 'wind';
