import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, MinLength, Validate, ValidateNested, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Agent, Args, Runner, ScriptedModel, Tool } from '@toolwright/core';
import { finalOutputs } from './helpers';

class Guest {
  @IsString()
  @MinLength(2)
  name!: string;

  greeting(): string {
    return `Welcome, ${this.name}`;
  }
}

@ValidatorConstraint({ name: 'evenRoom' })
class EvenRoom implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && value % 2 === 0;
  }

  defaultMessage(): string {
    return 'room must be an even number (the east wing)';
  }
}

class BookingArgs {
  @ValidateNested()
  @Type(() => Guest)
  guest!: Guest;

  @IsInt()
  @Min(1)
  @Max(14)
  nights!: number;

  // A custom validator: the schema cannot say it, so class-validator runs before the call.
  @Validate(EvenRoom)
  room!: number;
}

class HotelTools {
  readonly booked: BookingArgs[] = [];

  @Tool({ description: 'Book a room.' })
  book(@Args() booking: BookingArgs): string {
    this.booked.push(booking);
    return `${booking.guest.greeting()}: room ${booking.room}, ${booking.nights} nights`;
  }
}

function bookingRun(args: object) {
  const hotel = new HotelTools();
  const model = new ScriptedModel([{ toolCalls: [{ name: 'book', arguments: args, callId: 'b1' }] }, finalOutputs()]);
  const run = new Runner({ model }).run(new Agent({ name: 'concierge', tools: [hotel] }), 'Book it.');
  return { hotel, model, run };
}

describe('Runner', () => {
  describe('with an @Args DTO tool', () => {
    it('advertises the DTO schema with its constraints (minLength is described, and checked locally)', async () => {
      const { model, run } = bookingRun({ guest: { name: 'Ada' }, nights: 2, room: 12 });
      await run;
      const book = model.requests[0]!.tools.find((t) => t.name === 'book')!;
      expect(book.parameters).toMatchObject({
        type: 'object',
        properties: { guest: { type: 'object', properties: { name: { type: 'string' } } }, nights: { type: 'integer', minimum: 1, maximum: 14 } },
        required: ['guest', 'nights', 'room'],
        additionalProperties: false,
      });
    });

    it('calls the method with a DTO instance (nested classes too) and feeds its result to the model', async () => {
      const { hotel, run } = bookingRun({ guest: { name: 'Ada' }, nights: 2, room: 12 });
      const result = await run;
      expect(hotel.booked).toHaveLength(1);
      expect(hotel.booked[0]).toBeInstanceOf(BookingArgs);
      expect(hotel.booked[0]!.guest).toBeInstanceOf(Guest);
      expect(JSON.parse(String(result.finalOutput))).toEqual({ b1: 'Welcome, Ada: room 12, 2 nights' });
    });

    it('answers arguments the schema refuses with the violations, and never runs the method', async () => {
      const { hotel, run } = bookingRun({ guest: { name: 'A' }, nights: 0, room: 12 });
      const result = await run;
      expect(hotel.booked).toEqual([]);
      const output = JSON.parse(String(result.finalOutput)).b1 as string;
      expect(output).toContain('/guest/name');
      expect(output).toContain('/nights');
      expect(result.status).toBe('completed');
    });

    it('answers arguments a class-validator constraint refuses with its message, and never runs the method', async () => {
      const { hotel, run } = bookingRun({ guest: { name: 'Ada' }, nights: 2, room: 13 });
      const result = await run;
      expect(hotel.booked).toEqual([]);
      expect(JSON.parse(String(result.finalOutput)).b1).toContain('room must be an even number (the east wing)');
    });
  });
});
