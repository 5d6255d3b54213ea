import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

interface PlaceholderPanelProps {
  heading: string;
  children: ReactNode;
}

/** A tidy panel for a screen whose content is still being built. */
export function PlaceholderPanel({ heading, children }: PlaceholderPanelProps) {
  return (
    <Card variation="outlined" className="panel">
      <Flex direction="column" gap="xs">
        <Heading level={2} className="panel-title">
          {heading}
        </Heading>
        <Text color="font.secondary">{children}</Text>
      </Flex>
    </Card>
  );
}
