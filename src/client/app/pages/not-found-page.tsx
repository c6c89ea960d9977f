import { Button, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { StaticPage } from '../../components/static-page';

export function NotFoundPage() {
  return (
    <StaticPage title="Siden finnes ikke">
      <Text>
        Vi fant ikke siden du lette etter. Lenken kan være feil, eller siden kan ha blitt flyttet eller
        fjernet. Gå til forsiden for å se aktive budrunder.
      </Text>
      <Group>
        <Button component={Link} href="/">
          Til forsiden
        </Button>
      </Group>
    </StaticPage>
  );
}
