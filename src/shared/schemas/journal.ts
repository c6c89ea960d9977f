// The answers' shapes are the zod schemas the routes declare (responses/journal.ts); the client gets the types.
export type {
  CloseRoundResult,
  JournalAct,
  JournalChange,
  JournalEntry,
  JournalView,
  SelectWinnerResult,
} from './responses/journal';
