/** Element ids the patient browser scrolls to after a choice. */
export const REVEAL_IDS = {
  orders: 'orders-panel',
  orderDetail: 'order-detail',
  orderDetailTitle: 'order-detail-title',
} as const;

/**
 * After a choice, brings the panel it filled into view when it starts below the
 * window (on phones the orders sit under fifteen patient cards). Focus stays where
 * it was, so keyboard users keep their place.
 */
export const revealIfBelow = (id: string) => {
  window.requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element && element.getBoundingClientRect().top > window.innerHeight) {
      element.scrollIntoView({ block: 'start' });
    }
  });
};

/**
 * After choosing an order: focus moves to the heading of what the choice opened (it has
 * tabIndex -1), so the keyboard and a screen reader continue there, and the heading is
 * scrolled to the top of the window when it is not in view.
 */
export const focusHeading = (id: string) => {
  window.requestAnimationFrame(() => {
    const heading = document.getElementById(id);
    if (!heading) {
      return;
    }
    heading.focus({ preventScroll: true });
    const { top, bottom } = heading.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      heading.scrollIntoView({ block: 'start' });
    }
  });
};
