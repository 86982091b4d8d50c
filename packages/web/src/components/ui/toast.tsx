import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Toast } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import './toast.css';

/** Spec section 9: toasts show 5000 ms, one at a time, swipe 50 px to dismiss, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_LIMIT = 1;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Optional action button, e.g. Undo; altText describes it for screen readers. */
  action?: { label: string; altText: string; onClick: () => void };
};

type ToastItem = ToastInput & { id: number; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return items;
}

/** Show a toast from anywhere (components, query callbacks, plain modules). Replaces the one showing. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([...items, { ...input, id, open: true }].slice(-TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Close one toast, or every toast when no id is given. */
export function dismissToast(id?: number) {
  emit(items.filter((item) => id !== undefined && item.id !== id));
}

/** The toasts currently showing (for tests and diagnostics). */
export function currentToasts(): readonly ToastInput[] {
  return items;
}

/** Mount once near the root of the app. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notification"
    >
      {list.map((item) => {
        const variant = item.variant ?? 'default';
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast.Root
            key={item.id}
            className={clsx('toast', `toast--${variant}`)}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
          >
            <Icon className="toast__icon" aria-hidden="true" />
            <div className="toast__text">
              <Toast.Title className="toast__title">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="toast__description">{item.description}</Toast.Description>
              ) : null}
            </div>
            {item.action ? (
              <Toast.Action
                className="toast__action"
                altText={item.action.altText}
                onClick={item.action.onClick}
              >
                {item.action.label}
              </Toast.Action>
            ) : null}
            <Toast.Close className="toast__close" aria-label="Dismiss notification">
              <X aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="toast-viewport" hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}
