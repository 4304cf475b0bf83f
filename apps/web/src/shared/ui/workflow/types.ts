import type { ReactNode } from 'react';

/**
 * A transition the server offers the caller now: an entry of a workflow record's `allowed` (the shared
 * `allowedTransition` contract, issue 25 section 1). Every field but the name is read tolerantly, so an answer from
 * an older server (no `returnTo`, no `actingFor`) still draws.
 */
export interface OfferedTransition {
  name: string;
  to: string;
  reason?: 'required' | 'optional' | 'none';
  /** The earlier stages a return may go back to (the approver picks one; a reason is then required). */
  returnTo?: readonly string[];
  /** Offered through a delegation in force: the user the caller acts for. */
  actingFor?: { id: string; name: string } | null;
}

/** What every transition's call carries besides the module's own fields (`workflowTransitionFields`). */
export interface WorkflowBody<N extends string = string> {
  transition: N;
  version: number;
  reason?: string;
  returnTo?: string;
  actingFor?: string;
}

/** The module's own fields of a transition's dialog, as the dialog keeps them (a string, or null when empty). */
export type ExtraValues = Record<string, string | null>;

export interface ExtraFieldsProps<S, A extends OfferedTransition> {
  transition: A;
  subject: S;
  values: ExtraValues;
  setValue: (name: string, value: string | null) => void;
  /** Translated errors by field name (the dialog's own checks and the server's problem+json). */
  errors: Record<string, string>;
}

/** A module's fields in the dialog (support's assignee): which transitions ask them, their start, their checks. */
export interface ExtraFields<S, A extends OfferedTransition> {
  needs: (transition: A) => boolean;
  initial?: (transition: A, subject: S) => ExtraValues;
  /** Errors by field name (already translated); empty when the values may be sent. */
  validate?: (transition: A, values: ExtraValues) => Record<string, string>;
  render: (props: ExtraFieldsProps<S, A>) => ReactNode;
}

/**
 * How a module takes its workflow's transitions through the shared dialog (`useWorkflowTransition`,
 * `WorkflowActions`). `S` is what a transition is taken on (a ticket, a board card, a year's plan, a document).
 */
export interface WorkflowTransitionConfig<S, A extends OfferedTransition, R = unknown> {
  /** The version the caller saw (409 `stale_transition` when the record moved since). */
  version: (subject: S) => number;
  /** A transition's name as a button and the dialog's send button. */
  label: (name: string) => string;
  /** A state's name (the return-to choice, the default "will move to" line). */
  stateLabel: (state: string) => string;
  /** The dialog's title; the transition's label by default. */
  title?: (transition: A, subject: S) => string;
  /** What the move does; "The record will move to «state»" by default. */
  description?: (transition: A, subject: S) => ReactNode;
  /** The dialog's width (Mantine's sizes); 'md' by default, wider for a transition whose fields are a table. */
  size?: (transition: A) => 'md' | 'lg' | 'xl';
  /** A hint under the reason field. */
  reasonHint?: (transition: A) => string | undefined;
  /** The reason's length limit (the module's contract; 1000 by default). */
  reasonMaxLength?: number;
  /** The send button's label and colour; the transition's label by default. */
  submitLabel?: (transition: A) => string;
  submitColor?: (transition: A) => string | undefined;
  /**
   * Whether the transition is confirmed in the dialog even when it asks nothing; by default only a transition that
   * asks a reason, a return stage or the module's fields opens it, the others go straight to the server.
   */
  confirm?: (transition: A) => boolean;
  fields?: ExtraFields<S, A>;
  /** Sends the transition; rejects with the server's `ApiError`. `extra`: the module's fields with a value. */
  onSubmit: (subject: S, body: WorkflowBody<A['name']>, extra: Record<string, string>) => Promise<R>;
  /** After the server took it (a success toast). */
  onDone?: (result: R, transition: A, subject: S) => void;
  /** The stale dialog's "reload": refetches the record (and what lists it). */
  onStale: (subject: S) => Promise<unknown>;
  /** After a 403 or 404 (the move is no longer the caller's, or the record is gone): refetch. */
  onRefused?: (subject: S) => void;
}

/** What `useWorkflowTransition` gives a page: take a transition, the dialog to draw, whether one is under way. */
export interface WorkflowRunner<S, A extends OfferedTransition> {
  start: (subject: S, transition: A) => void;
  dialog: ReactNode;
  busy: boolean;
}

export type SetErrors = (errors: Record<string, string>) => void;

/** What a dialog (or a move straight to the server) came to. */
export type TransitionOutcome = 'done' | 'stale' | 'refused' | 'failed';

/** What the dialog sends besides the version: the reason, the stage picked for a return, the module's fields. */
export interface TransitionInput {
  reason?: string;
  returnTo?: string;
  extra?: Record<string, string>;
}
