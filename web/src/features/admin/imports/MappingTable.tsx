// The report's column mapping: each field the import reads, whether it must be in the file,
// and the column of the file that fills it, which the user may change before checking again.
import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import type { ImportField, ImportKind, ImportMapping } from './api/imports';
import { fieldLabel } from './field-label';

/** The select's value for "not in the file": no header can be empty, so none is this. */
const NOT_IN_FILE = '';

interface MappingTableProps {
  kind: ImportKind;
  fields: readonly ImportField[];
  columns: readonly string[];
  mapping: ImportMapping;
  onChange: (field: string, column: string | null) => void;
  /** The server's refusal of a field's column, by field. */
  errors: Record<string, string>;
  labelledBy: string;
  disabled: boolean;
}

export function MappingTable({ kind, fields, columns, mapping, onChange, errors, labelledBy, disabled }: MappingTableProps) {
  const { t } = useTranslation('imports');
  const tableColumns: Column<ImportField>[] = [
    { id: 'field', header: t('mapping.field'), rowHeader: true, className: 'cell-strong', cell: (field) => fieldLabel(kind, field.field, field.label) },
    {
      id: 'required',
      header: t('mapping.required'),
      cell: (field) => (field.required ? t('mapping.required') : <span className="muted-text">{t('mapping.optional')}</span>),
    },
    {
      id: 'column',
      header: t('mapping.column'),
      className: 'import-mapping-cell',
      cell: (field) => {
        const label = fieldLabel(kind, field.field, field.label);
        const value = mapping[field.field] ?? NOT_IN_FILE;
        // A column the file no longer has (a mapping kept from an earlier file) stays visible.
        const options = value && !columns.includes(value) ? [value, ...columns] : columns;
        return (
          <SelectField
            label={t('mapping.select', { field: label })}
            labelHidden
            size="small"
            name={`mapping-${field.field}`}
            value={value}
            isDisabled={disabled}
            hasError={Boolean(errors[field.field])}
            errorMessage={errors[field.field]}
            onChange={(event) => onChange(field.field, event.target.value === NOT_IN_FILE ? null : event.target.value)}
          >
            <option value={NOT_IN_FILE}>{t('mapping.notInFile')}</option>
            {options.map((column) => (
              <option key={column} value={column}>
                {column}
              </option>
            ))}
          </SelectField>
        );
      },
    },
  ];
  return <DataTable columns={tableColumns} rows={fields} rowKey={(field) => field.field} labelledBy={labelledBy} cards className="import-mapping" />;
}
