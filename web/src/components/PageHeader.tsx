import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/**
 * The title row of a screen: one h1, an optional line below, actions on the right.
 * The h1 takes focus when the screen opens (app/layout/use-route-focus.ts).
 */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex className="page-header" justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
      <Flex direction="column" gap="xxs">
        <Heading level={1} className="page-title" tabIndex={-1}>
          {title}
        </Heading>
        {description ? <Text color="font.secondary">{description}</Text> : null}
      </Flex>
      {actions ? <Flex gap="small" wrap="wrap">{actions}</Flex> : null}
    </Flex>
  );
}
