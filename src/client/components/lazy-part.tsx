import { Alert, Button, Center, Container, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/**
 * A part of the client loaded when first shown (its own chunk), so that the landing page carries only what
 * it uses. `pick` names the module's export, since React.lazy wants a default one.
 */
export function lazyPart<Props extends object, Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/**
 * Shows a lazy part, with a spinner while its chunk loads and a way out when it cannot: after a new version
 * is deployed, an open tab may ask for a chunk that no longer exists, and only a reload fixes that.
 */
export function LoadPart({
  children,
  quiet = false,
  resetKey,
}: {
  children: ReactNode;
  quiet?: boolean;
  /** When it changes (the page's address, say), a failure shown before is forgotten and loading tried again. */
  resetKey?: string;
}) {
  return (
    <ErrorBoundary fallback={<PartFailed />} resetKeys={[resetKey]}>
      <Suspense fallback={quiet ? null : <PartLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function PartLoading() {
  return (
    <Center py="xl" mih={240}>
      {/* A name needs a role: on Mantine's plain <span> alone, aria-label is not allowed (axe). */}
      <Loader role="status" aria-label="Laster siden" />
    </Center>
  );
}

/** What to do when a part's chunk will not load: shared by pages and dialogs loaded on use. */
export const PART_FAILED_HINT =
  'Sjekk nettforbindelsen. Er Budrunde nettopp oppdatert, hjelper det å laste siden på nytt.';

function PartFailed() {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="Kunne ikke laste denne delen av siden">
        {PART_FAILED_HINT}
        <Button mt="md" display="block" onClick={() => window.location.reload()}>
          Last inn siden på nytt
        </Button>
      </Alert>
    </Container>
  );
}
