import superjson from 'superjson';

const serialised = new WeakMap<object, ReturnType<typeof superjson.serialize>>();

/**
 * superjson, with the serialised form of a frozen value made once. A progress update is one frozen list
 * handed to every open stream of the project (JobEvents), and tRPC serialises each stream's event on its
 * own: without this a thousand streams run superjson a thousand times over the same list. Only frozen
 * values are remembered, since they cannot change after their first serialisation.
 */
export const apiTransformer = {
  serialize(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return superjson.serialize(value);
    let known = serialised.get(value);
    if (!known) {
      known = superjson.serialize(value);
      serialised.set(value, known);
    }
    return known;
  },
  deserialize: (value: unknown): unknown => superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]),
};
