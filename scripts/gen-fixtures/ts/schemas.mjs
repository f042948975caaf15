// Zod schemas as MCP servers write them for elicitation. Works with zod 3 (>= 3.23) and zod 4:
// where the two APIs differ, the zod-4 spelling is used only when zod 4 is loaded.
//
// makeSchemas(z) returns [name, message, schema] triples; keep one idea per schema where possible
// so that a refusal names one construct; the last two are realistic composites. A schema that one
// zod version cannot write at all is left out of that version's list (see `only`).

export function makeSchemas(z) {
  const zod4 = typeof z.toJSONSchema === 'function';
  // zod 4: .meta({ title }) gives a property a title; zod 3 has no titles, only .describe().
  const titled = (schema, title) => (zod4 ? schema.meta({ title }) : schema);
  // A TypeScript string enum and a numeric one (with the reverse mapping tsc emits).
  const Color = { Red: 'red', Green: 'green', Blue: 'blue' };
  const Priority = { Low: 1, Medium: 2, High: 3, 1: 'Low', 2: 'Medium', 3: 'High' };
  const nativeEnum = (e) => (zod4 ? z.enum(e) : z.nativeEnum(e));
  // String formats that zod 4 has as top-level schemas; zod 3 has them only as string checks.
  const uuid = () => (zod4 ? z.uuid() : z.string().uuid());
  const duration = () => (zod4 ? z.iso.duration() : z.string().duration());
  const ipv4 = () => (zod4 ? z.ipv4() : z.string().ip({ version: 'v4' }));
  const ipv6 = () => (zod4 ? z.ipv6() : z.string().ip({ version: 'v6' }));
  // Either IP version: zod 3's `.ip()` without a version; zod 4 dropped it for a union.
  const ipAny = () => (zod4 ? z.union([z.ipv4(), z.ipv6()]) : z.string().ip());
  // Schemas that only some zod versions can write (zod 4 >= 4.1 has `z.hostname()`, zod 3 none).
  const only = (available, makeEntry) => (available ? [makeEntry()] : []);

  return [
    ['primitives', 'Tell us about yourself.', z.object({
      name: z.string(),
      age: z.number().int(),
      height_m: z.number(),
      subscribed: z.boolean(),
    })],
    ['defaults', 'Adjust the settings or keep the defaults.', z.object({
      nickname: z.string().default('friend'),
      retries: z.number().int().default(3),
      ratio: z.number().default(0.5),
      notify: z.boolean().default(true),
    })],
    ['field-metadata', 'Create a project.', z.object({
      project: titled(z.string().describe('Shown on the dashboard'), 'Project name'),
      seats: titled(z.number().int().describe('How many people will use it'), 'Seats'),
      public: titled(z.boolean().default(false).describe('Anyone with the link can view it'), 'Public'),
    }).describe('Tell us about the project.')],
    ['string-email', 'Where should we send the receipt?', z.object({
      email: z.string().email().describe("We'll send the receipt here"),
    })],
    ['string-url', 'Where can we find you online?', z.object({
      homepage: z.string().url(),
    })],
    ['string-length', 'Choose a username.', z.object({
      username: z.string().min(1).max(50),
      pin: z.string().length(4),
    })],
    ['string-regex', 'Shipping details.', z.object({
      zip_code: z.string().regex(/^\d{5}(-\d{4})?$/),
      handle: z.string().regex(/^@[A-Za-z0-9_]{1,15}$/).min(2).max(16),
    })],
    ['string-regex-flags', 'Pick a code word.', z.object({
      // A case-insensitive regex: JSON Schema's `pattern` has no flags.
      code: z.string().regex(/^[a-z]+$/i),
    })],
    ['string-datetime', 'When should we meet?', z.object({
      meeting_at: z.string().datetime(),
    })],
    ['string-date', 'When is your birthday?', z.object({
      birthday: z.string().date(),
    })],
    ['string-time', 'When should the alarm ring?', z.object({
      alarm: z.string().time(),
    })],
    ['string-uuid', 'Which order?', z.object({
      order_id: z.string().uuid(),
    })],
    ['string-uuid-optional', 'Which order?', z.object({
      order_id: uuid(),
      parent_id: uuid().optional(),
    })],
    ['string-duration', 'Set the timer.', z.object({
      timeout: duration(),
    })],
    ['string-ip', 'Which server?', z.object({
      server_v4: ipv4(),
      server_v6: ipv6(),
    })],
    ['string-ip-any', 'Which address?', z.object({
      address: ipAny(),
    })],
    ...only(typeof z.hostname === 'function', () => ['string-hostname', 'Which host?', z.object({
      host: z.hostname(),
    })]),
    ['int-positive', 'How many should we order?', z.object({
      quantity: z.number().int().positive(),
    })],
    ['int-minmax', 'How many guests?', z.object({
      party_size: z.number().int().min(1).max(12).describe('Number of guests'),
    })],
    ['number-minmax', 'Set the volume.', z.object({
      volume: z.number().min(0).max(100),
    })],
    ['number-exclusive', 'Choose a discount.', z.object({
      discount: z.number().gt(0).lt(1).describe('Fraction off, strictly between 0 and 1'),
    })],
    ['number-multipleof', 'Enter an amount.', z.object({
      amount: z.number().multipleOf(0.01),
    })],
    ['int-multipleof', 'How many packs, and for how long?', z.object({
      packs: z.number().int().multipleOf(5).describe('Sold in fives'),
      minutes: z.number().int().min(15).max(240).multipleOf(15),
    })],
    ['boolean-default', 'Stay signed in?', z.object({
      remember_me: z.boolean().default(true),
    })],
    ['enum', 'Choose your pizza.', z.object({
      size: z.enum(['small', 'medium', 'large']),
    })],
    ['enum-default', 'Choose your pizza.', z.object({
      size: z.enum(['small', 'medium', 'large']).default('medium'),
    })],
    ['native-enum', 'Pick a color.', z.object({
      color: nativeEnum(Color),
    })],
    ['native-enum-numeric', 'How urgent is it?', z.object({
      priority: nativeEnum(Priority),
    })],
    ['literal-union', 'Will you attend?', z.object({
      rsvp: z.union([z.literal('yes'), z.literal('no'), z.literal('maybe')]),
    })],
    ['literal-true', 'Accept the terms to continue.', z.object({
      accept_terms: z.literal(true).describe('You must accept the terms'),
    })],
    ['literal-single', 'Confirm the migration.', z.object({
      confirm: z.literal('yes').describe('Type "yes" to confirm'),
      schema_version: z.literal(3),
    })],
    ['multi-select', 'Pick your toppings.', z.object({
      toppings: z.array(z.enum(['cheese', 'ham', 'mushroom', 'olive'])).min(1),
    })],
    ['multi-select-max', 'Pick up to three toppings.', z.object({
      toppings: z.array(z.enum(['cheese', 'ham', 'mushroom', 'olive'])).min(1).max(3).default(['cheese']),
    })],
    ['string-list', 'Add some tags.', z.object({
      tags: z.array(z.string()),
    })],
    ['optional', 'Anything to add? All fields are optional.', z.object({
      comment: z.string().optional(),
      count: z.number().int().optional(),
      agree: z.boolean().optional(),
    })],
    ['nullable', 'Please answer (you may leave these empty).', z.object({
      reason: z.string().nullable(),
      size: z.enum(['small', 'large']).nullable(),
    })],
    ['nullish', 'Optional note.', z.object({
      note: z.string().nullish(),
    })],
    ['strict-object', 'Confirm the name.', z.object({
      name: z.string(),
      confirm: z.boolean().default(true),
    }).strict()],
    ['date-object', 'When did it happen?', z.object({
      happened_at: z.date(),
    })],
    ['restaurant-booking', "Book a table at Luigi's.", z.object({
      name: z.string().min(1).max(80).describe('Name for the reservation'),
      day: z.string().date().describe('Date of the visit'),
      slot: titled(z.enum(['18:00', '19:00', '20:00', '21:00']).default('19:00'), 'Time'),
      party_size: titled(z.number().int().min(1).max(12), 'Guests'),
      phone: z.string().regex(/^\+?[0-9 ()-]{7,20}$/).optional(),
      outdoor: z.boolean().default(false),
      notes: z.string().max(500).optional(),
    }).describe('Reserve a table.')],
    ['account-signup', 'Sign up for Acme.', z.object({
      email: z.string().email(),
      username: z.string().min(3).max(20).regex(/^[a-z0-9_]+$/),
      age: z.number().int().min(13).describe('You must be 13 or older'),
      plan: z.enum(['free', 'pro', 'team']).default('free'),
      newsletter: z.boolean().default(true),
      referral_code: z.string().optional(),
    }).describe('Create your account.')],
  ];
}
