// A row's action buttons side by side, or 'No actions available' where the user's role
// allows none; and the Edit and Delete buttons most lists offer, each named for its row
// ('Edit Asha Verma') so that a screen reader tells the rows' buttons apart.
import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Column } from './DataTable';

/** The buttons given, those of a fragment among them too; the ones withheld (null, false) left out. */
function buttonsOf(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? buttonsOf(child.props.children) : [child],
  );
}

/** `wrap`: three or more buttons, which may take two lines on a desk. */
export function RowActions({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  const { t } = useTranslation();
  const actions = buttonsOf(children);
  if (actions.length === 0) {
    return (
      <Text as="span" className="muted-text">
        {t('noActions')}
      </Text>
    );
  }
  return (
    <Flex gap="xs" wrap="wrap" className={wrap ? 'row-actions can-wrap' : 'row-actions'}>
      {actions}
    </Flex>
  );
}

/**
 * The last column of a list whose rows have buttons: without a label on a phone card,
 * across its width (`wrap`: as RowActions).
 */
export function actionsColumn<Row>(header: string, actions: (row: Row) => ReactNode, wrap = false): Column<Row, never> {
  return { id: 'actions', header, className: 'cell-actions', cell: (row) => <RowActions wrap={wrap}>{actions(row)}</RowActions> };
}

export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" ariaLabel={t('editNamed', { name })} onClick={onClick}>
      {t('edit')}
    </Button>
  );
}

/** `refusal`: why this row may not be deleted; the button stays, marked disabled, and says why when pressed. */
export function DeleteButton({ name, onClick, refusal }: { name: string; onClick: () => void; refusal?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      className={refusal ? 'danger-button is-disabled' : 'danger-button'}
      ariaLabel={t('deleteNamed', { name })}
      aria-disabled={refusal ? true : undefined}
      title={refusal}
      onClick={onClick}
    >
      {t('delete')}
    </Button>
  );
}
