// A record's fields as label/value pairs in a responsive grid (a <dl>).
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Spans the whole row (long text). */
  wide?: boolean;
}

export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `fact-list ${className}` : 'fact-list'}>
      {facts.map((fact) => (
        <div key={fact.label} className={fact.wide ? 'fact wide' : 'fact'}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
