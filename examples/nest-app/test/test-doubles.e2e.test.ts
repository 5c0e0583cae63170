import 'reflect-metadata';
import request from 'supertest';
import { WeatherTools } from '../src/weather/weather.tools';
import { startApp } from './support/start-app';
import { ACME } from './support/users';

describe('The example app with a toolkit replaced by a test double', () => {
  it('starts, and the agent calls the double with the toolkit\'s schema, arguments and pipe', async () => {
    const getWeather = jest.fn((city: string) => `${city}: 21°C, sunny (stub)`);
    const app = await startApp(undefined, (builder) => builder.overrideProvider(WeatherTools).useValue({ getWeather }));
    try {
      const toolkits = await request(app.getHttpServer()).get('/toolkits').expect(200);
      expect(toolkits.body).toContainEqual({ name: 'weather', class: 'WeatherTools', module: 'WeatherModule', scope: 'singleton', tools: ['get_weather'] });
      const res = await request(app.getHttpServer()).post('/chat').set(ACME).send({ message: 'weather in oslo' }).expect(200);
      expect(res.body.output).toBe('Here is what I found:\noslo: 21°C, sunny (stub)');
      // The double stands in for the class: Toolwright's validation applied, Nest's pipe (an enhancer of the real class) did not.
      expect(getWeather).toHaveBeenCalledWith('oslo', undefined);
    } finally {
      await app.close();
    }
  });
});
