import { Card, Heading, HStack, Icon, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n/use-t';
import { MENU_ICONS } from '../../app/menu/menu-icons';
import { useVisibleMenu } from '../../app/menu/use-visible-menu';
import { useSession } from '../../app/session/use-session';
import { PendingCards } from './pending-cards';

/**
 * /home: a welcome with the user's name, what needs them now (the cards the server answers for
 * their permissions, docs/home.md), and one card per section the user may open, taken from the
 * same filtered menu as the drawer.
 */
export default function HomePage() {
  const t = useT();
  const { user } = useSession();
  const menu = useVisibleMenu();
  const name = user ? `${user.nombre} ${user.primer_apellido}` : '';
  // The home section only links back here, so it gets no card.
  const sections = menu?.filter((section) => section.fileType !== 'home') ?? null;

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        {t('home.welcome', { name })}
      </Heading>
      {sections === null ? null : sections.length === 0 ? (
        <Text color="fg.muted">{t('home.empty')}</Text>
      ) : (
        <>
          <PendingCards />
          <Text color="fg.muted">{t('home.intro')}</Text>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
            {sections.map((section) => (
              <Card.Root as="li" key={section.id} size="sm" variant="outline">
                <Card.Header>
                  <HStack gap="2">
                    <Icon as={MENU_ICONS[section.fileType]} boxSize="5" color="brand.fg" />
                    <Card.Title as="h3">{t(section.label)}</Card.Title>
                  </HStack>
                </Card.Header>
                <Card.Body>
                  <Stack as="ul" listStyleType="none" gap="1">
                    {(section.children ?? []).map((entry) => (
                      <li key={entry.id}>
                        <ChakraLink asChild color="brand.fg">
                          <Link href={entry.url ?? '/home'}>{t(entry.label)}</Link>
                        </ChakraLink>
                      </li>
                    ))}
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
