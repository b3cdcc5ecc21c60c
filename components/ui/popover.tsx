'use client';

import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';

/** Margin kept between a popover and the viewport edge, in px. */
export const VIEWPORT_PADDING = 8;

export interface PopoverProps {
  /** the trigger: rendered with the reference props applied through the render function */
  trigger: (props: { ref: (node: HTMLElement | null) => void; open: boolean; props: Record<string, unknown> }) => ReactElement;
  /** the panel's content; called only while open */
  children: (close: () => void) => ReactNode;
  label: string;
  role?: 'dialog' | 'tooltip';
  /** preferred width (CSS length); the panel never exceeds the viewport */
  width?: string;
  /** upper bound of the panel's height, in px (the viewport bounds it too) */
  maxHeight?: number;
  placement?: Placement;
  testId?: string;
}

/**
 * The one popover primitive (Floating UI): rendered in a portal (so it never nests block content inside
 * a paragraph), flips to the side with room, shifts to stay inside the viewport, sizes itself to the
 * space available and scrolls its own content. Click toggles; Escape, outside press and scroll-out close
 * it; focus moves in and returns to the trigger.
 */
export function Popover({
  trigger,
  children,
  label,
  role = 'dialog',
  width = '34rem',
  maxHeight = 560,
  placement = 'bottom-start',
  testId,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(6),
      flip({ padding: VIEWPORT_PADDING, fallbackAxisSideDirection: 'end' }),
      shift({ padding: VIEWPORT_PADDING }),
      size({
        padding: VIEWPORT_PADDING,
        apply({ availableWidth, availableHeight, elements }) {
          Object.assign(elements.floating.style, {
            maxWidth: `${Math.max(160, Math.floor(availableWidth))}px`,
            maxHeight: `${Math.max(120, Math.floor(Math.min(availableHeight, maxHeight)))}px`,
          });
        },
      }),
    ],
  });
  const click = useClick(context);
  const dismiss = useDismiss(context);
  const aria = useRole(context, { role });
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, aria]);
  return (
    <>
      {trigger({ ref: refs.setReference, open, props: getReferenceProps() })}
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is the dialog or tooltip role given to useRole */}
            <div
              ref={refs.setFloating}
              style={{ ...floatingStyles, width: `min(${width}, calc(100vw - ${VIEWPORT_PADDING * 2}px))` }}
              role={role}
              aria-label={label}
              data-testid={testId}
              tabIndex={-1}
              className="z-50 flex flex-col overflow-hidden rounded-lg border border-line bg-white text-left text-sm font-normal not-italic text-ink shadow-xl outline-none"
              {...getFloatingProps()}
            >
              <div className="min-h-0 flex-1 overflow-auto overscroll-contain p-3">{children(() => setOpen(false))}</div>
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
