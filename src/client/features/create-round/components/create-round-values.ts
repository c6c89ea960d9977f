import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { defaultRoundDeadline } from '../../../../shared/rules/round-deadlines';
import {
  type CreateRoundInput,
  createRoundSchema,
  DEFAULT_STARTING_PRICE,
} from '../../../../shared/schemas/bid-round';

/** The form's own shape: text fields stay strings, empty numbers are null, deadlines are ISO instants. */
export interface CreateRoundValues {
  title: string;
  address: string;
  description: string;
  startingPrice: number | null;
  deadline: string | null;
  minimumBidDeadline: string | null;
  /** The photos' /objects/ paths in the owner's order; the first is the cover. */
  imageUrls: string[];
  size: number | null;
  rooms: number | null;
  buildYear: number | null;
  floor: string;
}

export function initialCreateRoundValues(now: Date): CreateRoundValues {
  return {
    title: '',
    address: '',
    description: '',
    startingPrice: DEFAULT_STARTING_PRICE,
    deadline: defaultRoundDeadline(now).toISOString(),
    minimumBidDeadline: null,
    imageUrls: [],
    size: null,
    rooms: null,
    buildYear: null,
    floor: '',
  };
}

const schemaErrors = zod4Resolver(createRoundSchema);

/**
 * The schema's deadline-order rule on its own: zod skips refinements while other fields fail, and the user
 * should see this message at once, not after fixing everything else.
 */
function deadlineOrderError(values: CreateRoundValues): string | undefined {
  if (!values.minimumBidDeadline || !values.deadline) return undefined;
  const { minimumBidDeadline, deadline } = values;
  const result = createRoundSchema.safeParse({
    title: '-',
    address: '-',
    startingPrice: 1,
    minimumBidDeadline,
    deadline,
  });
  return result.error?.issues.find((issue) => issue.path[0] === 'minimumBidDeadline')?.message;
}

/** The shared schema's rules, plus that the round's deadline is chosen and still ahead. */
export function validateCreateRound(values: CreateRoundValues): FormErrors {
  const errors = schemaErrors(values as unknown as Record<string, unknown>);
  const orderError = deadlineOrderError(values);
  if (orderError) errors.minimumBidDeadline ??= orderError;
  if (!values.deadline) errors.deadline ??= 'Budfrist for budrunden må velges';
  else if (Date.parse(values.deadline) <= Date.now())
    errors.deadline ??= 'Budfristen for budrunden må være frem i tid';
  return errors;
}

const textOrNull = (text: string) => text.trim() || null;

export function toCreateRoundInput(values: CreateRoundValues): CreateRoundInput {
  return {
    title: values.title.trim(),
    address: values.address.trim(),
    description: textOrNull(values.description),
    startingPrice: values.startingPrice ?? 0,
    minimumBidDeadline: values.minimumBidDeadline,
    deadline: values.deadline,
    imageUrl: values.imageUrls[0] ?? null,
    imageUrls: values.imageUrls,
    size: values.size,
    rooms: values.rooms,
    buildYear: values.buildYear,
    floor: textOrNull(values.floor),
  };
}
