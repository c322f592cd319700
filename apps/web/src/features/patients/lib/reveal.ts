/** Element ids the patient browser scrolls to after a choice. */
export const REVEAL_IDS = { orders: 'orders-panel', orderDetail: 'order-detail' } as const;

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
