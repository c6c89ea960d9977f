import type { FastifyBaseLogger } from 'fastify';
import { getOsloParts, makeOsloDate } from '../../shared/format/date';
import type { CreateRoundInput } from '../../shared/schemas/bid-round';
import { createRoundSchema } from '../../shared/schemas/bid-round';
import { databaseNow } from '../db/time';
import type { AppDeps } from '../deps';
import { countUsers, findViewerById } from '../features/accounts/accounts.repository';
import { createUser, type NewUser } from '../features/accounts/accounts.service';
import { forgotPassword } from '../features/auth/auth.service';
import { createRound } from '../features/bid-rounds/bid-rounds.service';
import { storePropertyImage } from '../features/images/image-processing';
import { enqueueTokenMail } from '../mail/mail-jobs';
import { seedDemoBids } from './demo-bids';
import { seedDemoListing } from './demo-listing';
import { drawPropertyPicture, type PictureStyle } from './property-picture';
import { drawRoomPicture, type RoomKind } from './room-pictures';

const ROOMS: RoomKind[] = ['living-room', 'kitchen', 'bedroom'];

export const DEMO_PASSWORD = 'budrunde123';

const DEMO_USERS = {
  seller: {
    email: 'selger@budrunde.no',
    firstName: 'Kari',
    lastName: 'Nordmann',
    phone: '+47 41234567',
    address: 'Solveien 10, 1357 Bekkestua',
  },
  bidderA: {
    email: 'ola@budrunde.no',
    firstName: 'Ola',
    lastName: 'Hansen',
    phone: '+47 92345678',
    address: 'Storgata 5, 0155 Oslo',
    bankName: 'DNB',
    bankContactName: 'Per Rådgiver',
    bankContactPhone: '+47 91555555',
  },
  bidderB: {
    email: 'ingrid@budrunde.no',
    firstName: 'Ingrid',
    lastName: 'Berg',
    phone: '+47 93456789',
    address: 'Kongens gate 14, 7011 Trondheim',
    bankName: 'SpareBank 1',
    bankContactName: 'Lise Lånesen',
    bankContactPhone: '+47 73000000',
  },
  admin: {
    email: 'admin@budrunde.no',
    firstName: 'Anne',
    lastName: 'Admin',
    phone: '+47 40000000',
    address: 'Postboks 1, 0101 Oslo',
  },
} satisfies Record<string, Omit<NewUser, 'password'>>;

// Registered but never verified, so the admin panel's first tab has someone to approve or reject.
const DEMO_UNVERIFIED = {
  email: 'nina@budrunde.no',
  firstName: 'Nina',
  lastName: 'Nyregistrert',
  phone: '+47 94567890',
  address: 'Elvegata 3, 3015 Drammen',
} satisfies Omit<NewUser, 'password'>;

const ROUNDS: { daysAhead: number; picture: PictureStyle; round: Omit<CreateRoundInput, 'deadline'> }[] = [
  {
    daysAhead: 2,
    picture: {
      kind: 'terrace',
      sky: ['#7dd3fc', '#e0f2fe'],
      wall: '#e7d8c9',
      roof: '#475569',
      ground: '#65a30d',
    },
    round: {
      title: 'Moderne rekkehus med solrik terrasse',
      address: 'Bjørkelia 7B, 7036 Trondheim',
      description:
        'Lettstelt rekkehus fra 2015 med åpen stue- og kjøkkenløsning, tre soverom og solrik terrasse mot vest. Se mer på https://www.budrunde.no/visning.',
      startingPrice: 6_900_000,
      size: 128,
      rooms: 5,
      buildYear: 2015,
      floor: null,
    },
  },
  {
    daysAhead: 3,
    picture: {
      kind: 'apartment',
      sky: ['#93c5fd', '#eff6ff'],
      wall: '#d6a77a',
      roof: '#7c2d12',
      ground: '#a3a3a3',
    },
    round: {
      title: 'Lys 3-roms på Grünerløkka',
      address: 'Thorvald Meyers gate 45, 0555 Oslo',
      description:
        'Sjarmerende bygårdsleilighet med høye takhøyder, to soverom og balkong mot stille bakgård. Kort vei til Birkelunden og trikken.',
      startingPrice: 5_250_000,
      size: 74,
      rooms: 3,
      buildYear: 1898,
      floor: '3. etasje',
    },
  },
  {
    daysAhead: 5,
    picture: {
      kind: 'house',
      sky: ['#60a5fa', '#dbeafe'],
      wall: '#f5f5f4',
      roof: '#991b1b',
      ground: '#4d7c0f',
    },
    round: {
      title: 'Koselig enebolig med stor hage',
      address: 'Solveien 12, 1357 Bekkestua',
      description:
        'Familievennlig enebolig på barnevennlig og solrik tomt. Fire soverom, to bad og dobbel garasje. Gangavstand til skole og barnehage.',
      startingPrice: 8_500_000,
      size: 180,
      rooms: 6,
      buildYear: 1962,
      floor: null,
    },
  },
  {
    daysAhead: 9,
    picture: {
      kind: 'cabin',
      sky: ['#f9a8d4', '#fde68a'],
      wall: '#b45309',
      roof: '#1f2937',
      ground: '#15803d',
    },
    round: {
      title: 'Hytte ved sjøen',
      address: 'Strandveien 3, 4640 Søgne',
      description: 'Idyllisk sørlandshytte med egen brygge og kveldssol. Innlagt strøm og vann.',
      startingPrice: 3_450_000,
      size: 65,
      rooms: 4,
      buildYear: 1985,
      floor: null,
    },
  },
];

/**
 * Fills an empty database with demo users and rounds, through the same services real requests use.
 * Returns false (and does nothing) when the database already has users.
 */
export async function seedDemoData(deps: AppDeps, log: FastifyBaseLogger): Promise<boolean> {
  if ((await countUsers(deps.db)) > 0) return false;
  const ids: Record<keyof typeof DEMO_USERS, string> = { seller: '', bidderA: '', bidderB: '', admin: '' };
  for (const [key, user] of Object.entries(DEMO_USERS) as [keyof typeof DEMO_USERS, NewUser][]) {
    ids[key] = await createUser(
      deps.db,
      { ...user, password: DEMO_PASSWORD },
      { emailVerified: true, isAdmin: key === 'admin' },
    );
  }
  const now = await databaseNow(deps.db);
  const roundIds: string[] = [];
  for (const { daysAhead, picture, round } of ROUNDS) {
    const imageUrl = await storePropertyImage(deps.storage, await drawPropertyPicture(picture));
    // The outside first, as the cover, then the rooms (a listing has a gallery: decision 047).
    const imageUrls = [imageUrl];
    for (const room of ROOMS) {
      imageUrls.push(await storePropertyImage(deps.storage, await drawRoomPicture(room, picture.roof)));
    }
    const day = getOsloParts(new Date(now.getTime() + daysAhead * 86_400_000));
    const input = createRoundSchema.parse({
      ...round,
      imageUrl,
      imageUrls,
      deadline: makeOsloDate(day.year, day.month, day.day, 12, 0).toISOString(),
    });
    roundIds.push(await createRound(deps.db, ids.seller, input));
  }
  await seedDemoBids(deps, { seller: ids.seller, bidderA: ids.bidderA, bidderB: ids.bidderB }, roundIds);
  const seller = await findViewerById(deps.db, ids.seller);
  if (seller) {
    const listed = ROUNDS.map(({ daysAhead, round }, i) => ({
      id: roundIds[i] ?? '',
      title: round.title,
      address: round.address,
      description: round.description ?? '',
      daysAhead,
    }));
    await seedDemoListing(deps, seller, listed);
  }
  await seedAdminQueue(deps);
  log.info({ users: Object.keys(DEMO_USERS).length + 1, rounds: ROUNDS.length + 1 }, 'demo data created');
  return true;
}

/**
 * What waits for an administrator: an unverified registration (its verification mail goes to the outbox) and
 * Ingrid's request for a new password, made the way the login dialog's 'Glemt passordet?' makes it.
 */
async function seedAdminQueue(deps: AppDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const id = await createUser(tx, { ...DEMO_UNVERIFIED, password: DEMO_PASSWORD });
    await enqueueTokenMail(tx, 'verify', id);
  });
  await forgotPassword(deps, { email: DEMO_USERS.bidderB.email }, 'demo-data');
}

export function demoLoginsText(): string {
  const lines = Object.entries(DEMO_USERS).map(([role, u]) => `  ${role.padEnd(8)} ${u.email}`);
  return [`Demo-innlogginger (passord for alle: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
